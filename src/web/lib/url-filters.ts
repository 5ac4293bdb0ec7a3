import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAddressNow } from './address-now.ts';

type FilterValue = string | number | undefined;

/**
 * The page's address's values, and `change`, which edits them and replaces the address (Back
 * leaves the page rather than stepping through every filter tried). An edit starts from the
 * address as it is now, not as the page last showed it (useAddressNow): a search written as
 * typing pauses, just after a filter was chosen, keeps the filter. A dialog's entry stays open
 * (useDialogEntry), and a change made once another page is on its way (a search written as a
 * link is followed) is dropped rather than bring the list back.
 */
export function useAddressParams() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const addressNow = useAddressNow();
  const navigate = useNavigate();
  const change = (edit: (next: URLSearchParams) => void) => {
    const now = addressNow();
    if (now.pathname !== pathname) return;
    const next = new URLSearchParams(now.search);
    edit(next);
    void navigate({ pathname, search: `?${next}` }, { replace: true, state: now.state });
  };
  return [params, change] as const;
}

/**
 * A list's filters kept in the page's address (`/grants?status=awarded`), so a reload or a link
 * shows the same list. `read` turns the address's values into the filters, leaving out a value
 * that is not one (someone typed `?status=won`): the list then shows unfiltered rather than
 * failing. A change replaces the address rather than adding to the history, so Back leaves the
 * page instead of stepping through every filter tried.
 */
export function useUrlFilters<Filters extends Record<string, FilterValue>>(
  read: (params: URLSearchParams) => Filters,
) {
  const [params, change] = useAddressParams();
  const setFilters = (changes: Partial<Record<keyof Filters & string, FilterValue>>) =>
    change((next) => {
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      // Another filter, another list: it starts on its first page (useListState).
      next.delete('page');
    });
  return [read(params), setFilters] as const;
}

/**
 * One filter kept in the page's address (`/contacts?organization=Hope+Trust`), so a link can open
 * the list filtered. `shown` is what the list panel shows of it (`ListPanel`'s `filter`): its
 * label, and clearing it, which takes it out of the address as any filter change does.
 */
export function useUrlFilter(name: string) {
  const [filters, setFilters] = useUrlFilters((params) => ({
    [name]: params.get(name) || undefined,
  }));
  const value = filters[name];
  const clear = () => setFilters({ [name]: undefined });
  return {
    value,
    shown: (label: string) => (value === undefined ? undefined : { label, clear }),
  };
}

/** The value of `name` when it is one of `values`. */
export const choiceParam = <T extends string>(
  params: URLSearchParams,
  name: string,
  values: readonly T[],
): T | undefined => values.find((value) => value === params.get(name));
