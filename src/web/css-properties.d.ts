import 'react';

declare module 'react' {
  /** Custom properties (`--name`) in a `style`: values a stylesheet reads with var(). */
  interface CSSProperties {
    [name: `--${string}`]: string | number | undefined;
  }
}
