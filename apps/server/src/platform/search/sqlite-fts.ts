import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { SearchIndex } from './search.port.ts';
import type { QueryTerm } from './tokenize.ts';

/** FTS5 query: every term quoted (tokens are letters and digits only, quotes doubled anyway), AND-ed; prefixes with *. */
export const ftsQuery = (terms: QueryTerm[]) => terms.map((t) => `"${t.token.replaceAll('"', '""')}"${t.prefix ? '*' : ''}`).join(' AND ');

/** SQLite: the external-content FTS5 table item_fts(tokens), kept in step with item by triggers. */
export class SqliteFtsIndex implements SearchIndex {
  readonly engine = 'sqlite' as const;

  match<O>(qb: SelectQueryBuilder<DB, 'item', O>, terms: QueryTerm[]): SelectQueryBuilder<DB, 'item', O> {
    // A join, not `id IN (SELECT rowid …)`: SQLite then drives the loop from the FTS cursor and
    // stops at the LIMIT, where an IN-list would first materialise every match.
    const joined = (qb as unknown as SelectQueryBuilder<DB & { item_fts: { rowid: number } }, 'item', O>)
      .innerJoin('item_fts', (j) => j.on(sql`item_fts.rowid`, '=', sql.ref('item.id')))
      .where(sql<boolean>`item_fts MATCH ${ftsQuery(terms)}`);
    return joined as unknown as SelectQueryBuilder<DB, 'item', O>;
  }

  /**
   * By the FTS table's rowid, not item.id (the same number): FTS5 then walks its doclists
   * backwards and the LIMIT stops it; ordered by item.id, SQLite sorted every match in a temporary
   * B-tree first (a term with 20,000 matches: 34 ms against 1 ms, EXPLAIN QUERY PLAN shows
   * "USE TEMP B-TREE FOR ORDER BY" gone).
   */
  newestFirst<O>(qb: SelectQueryBuilder<DB, 'item', O>): SelectQueryBuilder<DB, 'item', O> {
    return qb.orderBy(sql`item_fts.rowid`, 'desc');
  }
}
