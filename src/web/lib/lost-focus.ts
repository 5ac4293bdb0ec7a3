/**
 * Whether the focus is nowhere: on the page's body, where the browser leaves it when the control
 * that had it went (removed, or disabled). Whoever moved it on puts it back in such a case only.
 */
export const focusIsLost = () =>
  document.activeElement === null || document.activeElement === document.body;
