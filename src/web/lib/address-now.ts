import { useContext } from 'react';
import { type Location, UNSAFE_NavigationContext, useLocation } from 'react-router';

/**
 * Where the tab is now. The router's history changes at once when something navigates, but the
 * page shows the change later, in a transition: a navigation built on the location the page last
 * showed (`useLocation`), made before the one before it shows, would undo that one.
 */
export function useAddressNow(): () => Location {
  const shown = useLocation();
  // BrowserRouter's and MemoryRouter's histories both know their location.
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return () => (navigator as { location?: Location }).location ?? shown;
}
