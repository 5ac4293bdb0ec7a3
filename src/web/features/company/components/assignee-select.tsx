import { Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';
import { FOCUSABLE } from '../../../components/keep-focus-in-rows.ts';
import { focusIsLost } from '../../../lib/lost-focus.ts';
import { choicesFailed, nothingMatches } from '../../../lib/nothing-matches.ts';
import { useTeam } from '../api/company-api.ts';

const CLEAR_LABEL = 'Clear assignee';

/** The control a Tab reaches after `control`, in its form (or dialog). */
function controlAfter(control: HTMLElement): HTMLElement | undefined {
  const scope = control.closest('form, [role="dialog"]') ?? document.body;
  return [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].find(
    (candidate) =>
      candidate.tabIndex >= 0 &&
      candidate.getAttribute('type') !== 'hidden' &&
      control.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
}

/**
 * Who does a piece of work (a task, a requirement): one of the team, searchable, or nobody
 * ('Unassigned'). Its value is the user's id as text, null for nobody.
 */
export function AssigneeSelect(props: Omit<SelectProps, 'label' | 'data'>) {
  const team = useTeam();
  const [search, setSearch] = useState('');
  const members = (team.data ?? []).map((member) => ({
    value: String(member.id),
    label: member.name,
  }));
  const names = members.map((member) => member.label);
  return (
    <Select
      label="Assignee"
      placeholder="Unassigned"
      clearable
      // Mantine hides its clear button from the keyboard and screen readers: this one is a
      // button like any other, so everyone can unassign the work.
      clearButtonProps={{
        'aria-label': CLEAR_LABEL,
        'aria-hidden': false,
        tabIndex: 0,
      }}
      // Unassigned with that button only: Enter on the member chosen unassigned them unseen.
      allowDeselect={false}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={members}
      description={
        choicesFailed(team) ??
        (team.isPending ? 'Loading…' : nothingMatches(names, search) && 'No one by that name')
      }
      {...props}
      onBlur={(event) => {
        // A name erased and left unassigns, as the clear button does (Mantine would put the
        // name back and keep the assignee). One never shown (the team not read yet, or not
        // read at all) was not erased: the field is only passed through.
        const shown = members.some((member) => member.value === props.value);
        if (search.trim() === '' && props.value && shown) {
          // The Tab was taking the focus to the clear button, which goes with the assignee: the
          // focus goes on to what follows it rather than to the page behind the dialog.
          const to = event.relatedTarget;
          const next =
            to instanceof HTMLElement && to.getAttribute('aria-label') === CLEAR_LABEL
              ? controlAfter(to)
              : undefined;
          props.onChange?.(null, { value: '', label: '' });
          if (next) {
            setTimeout(() => {
              if (focusIsLost()) next.focus();
            });
          }
        }
        props.onBlur?.(event);
      }}
    />
  );
}
