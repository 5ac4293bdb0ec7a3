import { useContext } from 'react';
import { UNSAFE_NavigationContext, useNavigate, useSearchParams } from 'react-router';

type FilterValue = string | number | undefined;

/**
 * The page's address's values, and `change`, which edits them and replaces the address (Back
 * leaves the page rather than stepping through every filter tried). An edit starts from the
 * address as it is now, not as the page last showed it: the router shows a new address in a
 * transition, and a second change made before that shows (a search written as typing pauses,
 * just after a filter was chosen) would otherwise put back what the first took out.
 */
export function useAddressParams() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The router's history: BrowserRouter's and MemoryRouter's both know where they are now.
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const change = (edit: (next: URLSearchParams) => void) => {
    const now = (navigator as { location?: { search?: string } }).location?.search;
    const next = new URLSearchParams(now ?? params);
    edit(next);
    navigate(`?${next}`, { replace: true });
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
