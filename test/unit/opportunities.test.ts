import { describe, expect, it } from 'vitest';
import { newOpportunityDefaults, opportunityInputSchema } from '../../src/domain/opportunities.ts';

describe('stage probabilities (SPEC §9)', () => {
  it('starts a new opportunity at 0 dollars, prospecting, closing now, 10 percent', () => {
    const before = Date.now();
    const defaults = newOpportunityDefaults();
    expect(defaults).toMatchObject({ amount: 0, stage: 'prospecting', probability: 10 });
    expect(defaults.expectedCloseDate.getTime()).toBeGreaterThanOrEqual(before);
    expect(defaults.expectedCloseDate.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('opportunityInputSchema', () => {
  const valid = {
    name: 'Capital campaign',
    organization: 'Hill Foundation',
    amount: 50_000,
    stage: 'proposal',
    expectedCloseDate: '2027-01-15T00:00:00Z',
  };
  const message = (input: object) =>
    opportunityInputSchema.safeParse(input).error?.issues[0]?.message;

  it('accepts a probability from 0 to 100, or none', () => {
    for (const probability of [0, 55, 100, null, undefined]) {
      expect(opportunityInputSchema.safeParse({ ...valid, probability }).success).toBe(true);
    }
    expect(message({ ...valid, probability: 101 })).toBe('Probability must be at most 100');
    expect(message({ ...valid, probability: -1 })).toBe('Probability must be at least 0');
    // Past the exact integers it is too large, not a fraction; a fraction is one.
    expect(message({ ...valid, probability: 2 ** 53 })).toBe('Probability must be at most 100');
    expect(message({ ...valid, probability: -(2 ** 60) })).toBe('Probability must be at least 0');
    expect(message({ ...valid, probability: 50.5 })).toBe('Probability must be a whole number');
  });

  it('uses the spec messages', () => {
    expect(message({ ...valid, name: '' })).toBe('Name is required');
    expect(message({ ...valid, organization: undefined })).toBe('Organization is required');
    expect(message({ ...valid, amount: -5 })).toBe('Amount must be greater than 0');
    expect(message({ ...valid, stage: undefined })).toBe('Stage is required');
    expect(message({ ...valid, stage: 'won' })).toBe('Invalid stage value');
    expect(message({ ...valid, expectedCloseDate: '' })).toBe('Expected close date is required');
  });
});
