import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDocumentTitle } from './document-title.ts';

function Page({ parts }: { parts: (string | undefined)[] }) {
  useDocumentTitle(...parts);
  return null;
}

describe('useDocumentTitle', () => {
  it('names the tab after the page, then the product', () => {
    render(<Page parts={['Contacts']} />);
    expect(document.title).toBe('Contacts · Grantwell');
  });

  it("names a record's page after the record, its section, then the product", () => {
    const { rerender } = render(<Page parts={[undefined, 'Grants']} />);
    expect(document.title).toBe('Grants · Grantwell');
    rerender(<Page parts={['Clean Water Initiative', 'Grants']} />);
    expect(document.title).toBe('Clean Water Initiative · Grants · Grantwell');
  });

  it('is the product alone when the page names nothing else', () => {
    document.title = 'Contacts · Grantwell';
    render(<Page parts={[]} />);
    expect(document.title).toBe('Grantwell');
  });
});
