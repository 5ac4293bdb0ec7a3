// The funder vocabulary without the schemas: pages that only show labels import this and leave
// the validation library out of their download (funders.ts re-exports it all).

import { valuesOf } from './vocabulary.ts';

export const funderTypeLabels = {
  foundation: 'Foundation',
  government: 'Government',
  corporate: 'Corporate',
  individual: 'Individual',
  other: 'Other',
};
export const funderTypes = valuesOf(funderTypeLabels);
export type FunderType = (typeof funderTypes)[number];
