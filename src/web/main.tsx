import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { guardHistoryMoves } from './components/open-dialogs.ts';

// After a new version is deployed, a tab opened before it asks for code of its own version
// (a page, a dialog) that the server no longer has. Loaded again, the tab takes the new version:
// once a minute at most, so a file that is missing for another reason is reported, not
// reloaded for ever; and not while offline, when reloading would only show the browser's error.
const RELOADED_AT = 'grantwell:reloaded-for-new-version';
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOADED_AT));
  if (!navigator.onLine || Date.now() - last < 60_000) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

guardHistoryMoves();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
