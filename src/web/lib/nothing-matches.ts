import { errorMessage } from './api-client.ts';

/**
 * Whether a searchable Select lists none of `labels` for what was typed, as its own filter
 * decides: a choice is listed when its label holds the search, ignoring case and the spaces
 * around it (the chosen one's label, which the field shows, always holds itself). With nothing
 * typed there is no name to have found nothing for: an empty list (one that failed to load) says
 * nothing. A Select would say so inside its listbox, which must hold options only: the field says
 * it under its label.
 */
export const nothingMatches = (labels: string[], search: string) => {
  const typed = search.trim().toLowerCase();
  return typed !== '' && !labels.some((label) => label.toLowerCase().includes(typed));
};

/**
 * Under a field whose choices could not be read (the server down, the connection lost): why,
 * rather than that nothing was found. Null while the choices are read or were read.
 */
export const choicesFailed = (choices: { isError: boolean; error: unknown }) =>
  choices.isError ? `Could not load the choices: ${errorMessage(choices.error)}` : null;
