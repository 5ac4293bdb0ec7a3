import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

interface Choice {
  value: string;
  label: string;
}

/**
 * A searchable select whose choices the server finds by what is typed. The field also shows its
 * chosen record's label as its text (Mantine writes it there once chosen, and again when the
 * label changes): that label is no search, since 'Ada (Hope Trust)' or 'Arts Grant · River
 * Trust' matches no record. `q` is what to ask the server for, '' for the first choices.
 */
export function useSearchedChoice() {
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const [q] = useDebouncedValue(search === shown ? '' : search, 200);
  return {
    q,
    /** Something is typed: the field says under it when nothing was found. */
    searching: search !== shown,
    /** The select's search, given its choices now and the value chosen. */
    searchProps: (choices: Choice[], value: string | null) => ({
      searchValue: search,
      onSearchChange: (typed: string) => {
        setSearch(typed);
        if (typed === choices.find((choice) => choice.value === value)?.label) setShown(typed);
      },
    }),
    /** A choice picked from the list (its label) or cleared (null). */
    picked: (label: string | null) => setShown(label),
  };
}
