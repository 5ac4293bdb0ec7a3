// The app's Mantine theme, for the app and for the tests that render its parts.
import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'cyan',
  primaryShade: 9,
  autoContrast: true,
  defaultRadius: 'md',
  // Someone whose system asks for less motion gets dialogs and menus without their animations.
  respectReducedMotion: true,
  components: {
    // Close buttons are icons: give them a name screen readers can say.
    // Plain settings rather than Modal.extend, which would put Modal in the first download.
    // A dialog's header is no banner of the page: outside the page's main region, Mantine's
    // <header> made a second one beside the top bar, which screen readers list among landmarks.
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close' },
        attributes: { header: { role: 'none' } },
      },
    },
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
    // A spinner is named by its aria-label ('Loading the reports'), which a plain span may not
    // carry: as a status it is named, and a screen reader hears it.
    Loader: { defaultProps: { role: 'status' } },
    // A field that opens a list of choices is a combo box, collapsed or expanded, as a screen
    // reader should say; Mantine's own is a read-only text box with a popup, open or not.
    ComboboxTarget: { defaultProps: { withExpandedAttribute: true } },
    Select: { defaultProps: { role: 'combobox' } },
    Autocomplete: { defaultProps: { role: 'combobox' } },
  },
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

// Secondary text dark enough to read (WCAG AA contrast) in light mode.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-cyan-light-color': 'var(--mantine-color-cyan-9)',
  },
  dark: {},
});
