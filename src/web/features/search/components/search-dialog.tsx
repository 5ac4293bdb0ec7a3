import '@mantine/spotlight/styles.css';
import { Loader, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  type SearchResult,
} from '../../../../domain/search.ts';
import { leaveAsked } from '../../../components/open-dialogs.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { resultPath, searchQueryOptions } from '../api/search-api.ts';

/**
 * The search over everything (Ctrl+K, ⌘K): what is typed is searched for in contacts, funders,
 * grants, opportunities, interactions and tasks, the results come grouped by kind, the arrow keys
 * move through them and Enter opens one. To a screen reader it is a combobox: the box, its results
 * a listbox (options in groups by kind), the one the arrows chose its active descendant, and a
 * status that says how many were found, or why there are none. Built on Mantine's Spotlight; it
 * opens when mounted and calls `onClose` when the user closes it (Escape, a click outside, or
 * opening a result), with what follows once the focus is back where it was: the result's
 * opening.
 */
export default function SearchDialog({ onClose }: { onClose: (then?: () => void) => void }) {
  const [[store, spotlight]] = useState(createSpotlight);
  const [query, setQuery] = useState('');
  const [q] = useDebouncedValue(query.trim(), 150);
  const navigate = useNavigate();
  // Counted in characters as the server counts them (code points): two emoji are two, not four.
  const asked = [...q].length >= SEARCH_MIN_LENGTH;
  const search = useQuery({
    ...searchQueryOptions(q),
    enabled: asked,
    placeholderData: keepPreviousData,
  });

  useEffect(() => spotlight.open(), [spotlight]);

  // What is typed while the dialog opens, before its box has the focus (in the field that had
  // it, say), is the search's.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typedEarly = (event: KeyboardEvent) => {
      // Once the box has the focus, keys are the box's, or the element's that has it.
      if (document.activeElement === box.current) {
        window.removeEventListener('keydown', typedEarly, true);
        return;
      }
      if (event.key.length !== 1) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      setQuery((typed) => typed + event.key);
    };
    window.addEventListener('keydown', typedEarly, true);
    return () => window.removeEventListener('keydown', typedEarly, true);
  }, []);

  const results = asked ? (search.data?.results ?? []) : [];
  const groups = SEARCH_KINDS.map((kind) => ({
    kind,
    results: results.filter((result) => result.kind === kind),
  })).filter((group) => group.results.length > 0);
  // The arrows and Enter are Spotlight's: it marks the result chosen `data-selected` (typing
  // marks the first of those shown) and Enter opens the one marked, without a render. What it
  // marks is watched, so that the result the box names as active is the one Enter opens.
  const shown = groups.flatMap((group) => group.results);
  const expanded = shown.length > 0;
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;
  const [marked, setMarked] = useState(-1);
  // While the listbox is there (React 19 runs the cleanup a ref callback returns).
  const watchMarked = useCallback((list: HTMLDivElement | null) => {
    if (!list) return;
    const read = () => {
      const options = [...list.querySelectorAll('[data-action]')];
      setMarked(options.findIndex((option) => option.hasAttribute('data-selected')));
    };
    read();
    const watcher = new MutationObserver(read);
    watcher.observe(list, { subtree: true, childList: true, attributeFilter: ['data-selected'] });
    return () => watcher.disconnect();
  }, []);
  const active = expanded ? marked : -1;

  // A result chosen opens once the search has closed: over a form with unsaved typing, the
  // question to discard it comes first, and Cancel goes back to the field typed in.
  const chosen = useRef<SearchResult | null>(null);
  const closed = () => {
    const result = chosen.current;
    onClose(result ? () => leaveAsked(() => navigate(resultPath(result))) : undefined);
  };

  let state: string | null = null;
  if (!asked) state = `Type at least ${SEARCH_MIN_LENGTH} characters to search everything`;
  else if (search.isError) state = errorMessage(search.error) || 'The search failed';
  else if (search.isSuccess && !search.isPlaceholderData && results.length === 0) {
    state = `Nothing found for "${q}"`;
  }
  // Said once a search has answered (not while the next one is on its way, so the same count
  // for a new search is said again).
  const found =
    !state && asked && search.isSuccess && !search.isPlaceholderData
      ? `${shown.length} ${shown.length === 1 ? 'result' : 'results'}`
      : '';

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      onSpotlightClose={closed}
      shortcut={null}
      scrollable
      maxHeight={440}
      // The dialog's name, for a screen reader: a title, not shown (the search box says it).
      title="Search everything"
      styles={{ header: { display: 'none' } }}
    >
      {/* Escape closes the search alone: a dialog under it (a form being edited) stays open,
          as Mantine's dialogs let a field keep the key to itself. */}
      <Spotlight.Search
        ref={box}
        data-mantine-stop-propagation
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !event.nativeEvent.isComposing) spotlight.close();
        }}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder="Search contacts, funders, grants, opportunities, interactions, tasks…"
        aria-label="Search everything"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        rightSection={search.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
      />
      <Spotlight.ActionsList>
        {expanded && (
          <div ref={watchMarked} role="listbox" id={listId} aria-label="Search results">
            {groups.map((group) => (
              // Spotlight draws a group's label in CSS: role and name make it a group to a
              // screen reader too.
              <Spotlight.ActionsGroup
                key={group.kind}
                label={SEARCH_KIND_LABELS[group.kind]}
                role="group"
                aria-label={SEARCH_KIND_LABELS[group.kind]}
              >
                {group.results.map((result) => {
                  const index = shown.indexOf(result);
                  return (
                    <Spotlight.Action
                      key={`${result.kind}-${result.id}`}
                      // Spotlight's action keeps an id given to itself.
                      ref={(option: HTMLButtonElement | null) => {
                        option?.setAttribute('id', optionId(index));
                      }}
                      role="option"
                      aria-selected={index === active}
                      // The chosen result's detail line as legible as its title (Spotlight's
                      // 70 % white on the primary colour is too faint to read).
                      style={{ '--action-description-opacity': 1 }}
                      label={result.title}
                      description={result.detail ?? undefined}
                      onClick={() => {
                        chosen.current = result;
                      }}
                    />
                  );
                })}
              </Spotlight.ActionsGroup>
            ))}
          </div>
        )}
        {/* Always there, so that what comes into it is read out: the state shown, or the
            number of results, which the list shows. */}
        <div role="status">
          {state ? (
            <Spotlight.Empty>
              <Text size="sm" c="dimmed">
                {state}
              </Text>
            </Spotlight.Empty>
          ) : (
            found && <VisuallyHidden>{found}</VisuallyHidden>
          )}
        </div>
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
