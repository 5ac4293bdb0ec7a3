// What Mantine's AppShell header, footer and aside read of react-remove-scroll: the class names
// that keep fixed bars in place while a dialog locks the page's scrolling. The library itself
// (with its helpers, about 4 kB gzipped) then loads with the first dialog, not with every page
// (vite.config.ts; test/unit/remove-scroll-class-names.test.ts checks the names match).
export const RemoveScroll = {
  classNames: {
    fullWidth: 'width-before-scroll-bar',
    zeroRight: 'right-scroll-bar-position',
  },
};
