// The search over everything (Ctrl+K): what it is asked, and what it answers.
import { z } from 'zod';
import { searchString } from './common.ts';

/** The kinds of record the search finds, in the order its groups are shown. */
export const SEARCH_KINDS = [
  'contact',
  'funder',
  'grant',
  'opportunity',
  'interaction',
  'task',
] as const;
type SearchKind = (typeof SEARCH_KINDS)[number];

/** How many records of each kind the search answers. */
export const SEARCH_RESULTS_PER_KIND = 5;

/**
 * Fewer characters than this match too much to be worth a search, and no trigram index can find
 * them: a 2-letter search read every row (210 ms at 100,000 contacts and 100,000 interactions).
 */
export const SEARCH_MIN_LENGTH = 3;
/** The longest search: more is refused, and the search box takes no more. */
export const SEARCH_MAX_LENGTH = 200;

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  contact: 'Contacts',
  funder: 'Funders',
  grant: 'Grants',
  opportunity: 'Opportunities',
  interaction: 'Interactions',
  task: 'Tasks',
};

export const globalSearchQuerySchema = z.object({
  q: searchString('Type something to search for')
    .trim()
    .min(SEARCH_MIN_LENGTH, `Type at least ${SEARCH_MIN_LENGTH} characters to search`)
    .max(SEARCH_MAX_LENGTH, 'Search is too long'),
});

const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  /** What the record is called: a name, or for an interaction its contact's name. */
  title: z.string(),
  /** A second line: an email, a funder, an organization, notes, a task's grant. */
  detail: z.string().nullable(),
  /** A task's grant: the page a task opens on. */
  grantId: z.number().int().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** The best matches of each kind, by kind in SEARCH_KINDS order, at most SEARCH_RESULTS_PER_KIND each. */
export const searchResultsSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResults = z.infer<typeof searchResultsSchema>;
