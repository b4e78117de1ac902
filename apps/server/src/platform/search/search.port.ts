import type { SelectQueryBuilder } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { QueryTerm } from './tokenize.ts';

/**
 * The catalog's full-text index. Both adapters index the same `item.tokens` column (see
 * tokenize.ts), which writers set in the same statement as the item; the engine keeps its index in
 * step inside that transaction (FTS5 triggers on SQLite, a generated tsvector on PostgreSQL). A
 * search engine could later stand behind the same port.
 */
export interface SearchIndex {
  readonly engine: Engine;
  /**
   * Narrows a query over `item` to the items whose tokens contain every term. The narrowed query
   * streams matches in index order, so a LIMIT stops the scan early.
   */
  match<O>(qb: SelectQueryBuilder<DB, 'item', O>, terms: QueryTerm[]): SelectQueryBuilder<DB, 'item', O>;
  /**
   * Orders a query narrowed by `match` newest item first (id descending) in a way the index can
   * stream, so a page of a term matching tens of thousands of items reads only that page.
   */
  newestFirst<O>(qb: SelectQueryBuilder<DB, 'item', O>): SelectQueryBuilder<DB, 'item', O>;
}
