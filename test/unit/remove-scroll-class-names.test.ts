import { RemoveScroll } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll as classNamesOnly } from '../../src/web/build/remove-scroll-class-names.ts';

describe('the class names the app shell is built with', () => {
  it('are the ones react-remove-scroll gives the fixed bars while a dialog is open', () => {
    expect(classNamesOnly.classNames).toEqual(RemoveScroll.classNames);
  });
});
