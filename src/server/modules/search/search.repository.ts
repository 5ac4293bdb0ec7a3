import {
  SEARCH_KINDS,
  SEARCH_RESULTS_PER_KIND,
  type SearchResult,
} from '../../../domain/search.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { containsPattern } from '../../db/list-helpers.ts';
import { inCompany } from '../../db/scope.ts';

/**
 * The best matches of each kind in one statement (one round trip), through the trigram indexes
 * of each kind's names: search_everything (migrations 0026 and 0042) reads as the tables' owner, for the
 * transaction's company only.
 */
const SEARCH_EVERYTHING = 'SELECT * FROM search_everything($1, $2)';

export function createSearchRepository(db: Database) {
  return {
    /** The company's records whose names (or notes, for interactions) contain `q`, any case. */
    async everything(companyId: number, q: string, within?: Transaction): Promise<SearchResult[]> {
      const result = await inCompany(within ?? db, companyId, (tx) =>
        tx.$client.query<SearchResult>(SEARCH_EVERYTHING, [
          containsPattern(q),
          SEARCH_RESULTS_PER_KIND,
        ]),
      );
      // Each kind's rows come in its order; the kinds are put in theirs (an Append that runs its
      // parts in parallel may interleave them).
      const rank = (result: SearchResult) => SEARCH_KINDS.indexOf(result.kind);
      return result.rows.sort((a, b) => rank(a) - rank(b));
    },
  };
}
