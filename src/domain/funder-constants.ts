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

/** The key names are matched by: case and surrounding spaces do not count. */
export const funderNameKey = (name: string) => name.trim().toLowerCase();
