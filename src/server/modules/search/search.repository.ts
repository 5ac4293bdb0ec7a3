import {
  SEARCH_KINDS,
  SEARCH_RESULTS_PER_KIND,
  type SearchResult,
} from '../../../domain/search.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { containsPattern } from '../../db/list-helpers.ts';
import { inCompany } from '../../db/scope.ts';

/**
 * The best matches of each kind in one statement (one round trip): each kind's text is matched
 * `LIKE` the lower-cased pattern through its trigram index (schema.ts: the search expressions),
 * and each kind keeps its first few in its own order. $1 is the company, $2 the pattern, $3 how
 * many of each kind.
 */
const SEARCH_EVERYTHING = `
  (SELECT 'contact' AS kind, id, name AS title, email AS detail, NULL::int AS "grantId"
     FROM contacts
    WHERE company_id = $1 AND search LIKE lower($2)
    ORDER BY name, id LIMIT $3)
  UNION ALL
  (SELECT 'funder', id, name, NULL, NULL
     FROM funders
    WHERE company_id = $1 AND lower(name) LIKE lower($2)
    ORDER BY name, id LIMIT $3)
  UNION ALL
  (SELECT 'grant', id, name, funder, NULL
     FROM grants
    WHERE company_id = $1 AND lower(name || chr(31) || funder) LIKE lower($2)
    ORDER BY name, id LIMIT $3)
  UNION ALL
  (SELECT 'opportunity', id, name, organization, NULL
     FROM opportunities
    WHERE company_id = $1 AND lower(name || chr(31) || organization) LIKE lower($2)
    ORDER BY name, id LIMIT $3)
  UNION ALL
  (SELECT 'interaction', id, contact_name, left(notes, 200), NULL
     FROM interactions
    WHERE company_id = $1 AND search LIKE lower($2)
    ORDER BY date DESC, id DESC LIMIT $3)
  UNION ALL
  (SELECT 'task', t.id, t.name, g.name, t.grant_id
     FROM grant_tasks t
     JOIN grants g ON g.company_id = t.company_id AND g.id = t.grant_id
    WHERE t.company_id = $1 AND lower(t.name || chr(31) || t.description) LIKE lower($2)
    ORDER BY t.name, t.id LIMIT $3)`;

export function createSearchRepository(db: Database) {
  return {
    /** The company's records whose names (or notes, for interactions) contain `q`, any case. */
    async everything(companyId: number, q: string, within?: Transaction): Promise<SearchResult[]> {
      const result = await inCompany(within ?? db, companyId, (tx) =>
        tx.$client.query<SearchResult>(SEARCH_EVERYTHING, [
          companyId,
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
