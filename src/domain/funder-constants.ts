// The funder vocabulary without the schemas: pages that only show labels import this and leave
// the validation library out of their download (funders.ts re-exports it all).

export const funderTypes = [
  'foundation',
  'government',
  'corporate',
  'individual',
  'other',
] as const;
export type FunderType = (typeof funderTypes)[number];

export const funderTypeLabels: Record<FunderType, string> = {
  foundation: 'Foundation',
  government: 'Government',
  corporate: 'Corporate',
  individual: 'Individual',
  other: 'Other',
};

/** What the list may be sorted by (`?sort=name`, `-name`). */
export const funderSortFields = ['name', 'type'] as const;
