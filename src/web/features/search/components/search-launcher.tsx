import { ActionIcon } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// The dialog's code (and Spotlight's) loads when the search is first opened.
const SearchDialog = lazy(() => import('./search-dialog.tsx'));

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The header's search button, and Ctrl+K (⌘K on a Mac) anywhere in the signed-in app, even in
 * a text field: both open the search over everything.
 */
export function SearchLauncher() {
  const [opened, setOpened] = useState(false);
  useHotkeys([['mod+K', () => setOpened(true)]], []);
  const label = `Search (${onMac() ? '⌘K' : 'Ctrl+K'})`;
  return (
    <>
      {/* The browser's own tooltip: Mantine's would bring a positioning library into every
          page's first download. */}
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        title={label}
        onClick={() => setOpened(true)}
      >
        <IconSearch size={18} aria-hidden="true" />
      </ActionIcon>
      {opened && (
        <Suspense fallback={null}>
          <SearchDialog onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
