import { describe, expect, it } from 'vitest';
import { optionalFields } from './compact.ts';

describe('optionalFields', () => {
  const values = { phone: '555-0101', organization: '', notes: '   ' };

  it('leaves empty optionals out of a new record (SPEC §2.7)', () => {
    expect(optionalFields(values, false)).toEqual({ phone: '555-0101' });
  });

  it('sends null for an emptied optional in an edit, so the server clears it', () => {
    expect(optionalFields(values, true)).toEqual({
      phone: '555-0101',
      organization: null,
      notes: null,
    });
  });
});
