import { type FunderType, funderTypeLabels } from '../../../../domain/funder-constants.ts';

/** A funder's type in words; 'Not set' until someone chooses one. */
export const funderTypeText = (type: FunderType | null) =>
  type === null ? 'Not set' : funderTypeLabels[type];
