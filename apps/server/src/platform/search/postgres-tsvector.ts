import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { SearchIndex } from './search.port.ts';
import type { QueryTerm } from './tokenize.ts';

/** tsquery text: every term quoted as one lexeme, AND-ed; prefixes with :*. */
export const tsQuery = (terms: QueryTerm[]) =>
  terms.map((t) => `'${t.token.replaceAll("'", "''").replaceAll('\\', '\\\\')}'${t.prefix ? ':*' : ''}`).join(' & ');

/** PostgreSQL: item.search_vector, a generated to_tsvector('simple', tokens) column with a GIN index. */
export class PostgresTsvectorIndex implements SearchIndex {
  readonly engine = 'postgres' as const;

  match<O>(qb: SelectQueryBuilder<DB, 'item', O>, terms: QueryTerm[]): SelectQueryBuilder<DB, 'item', O> {
    return qb.where(sql<boolean>`item.search_vector @@ to_tsquery('simple', ${tsQuery(terms)})`);
  }

  /** The planner chooses between the GIN index and walking the primary key backwards itself. */
  newestFirst<O>(qb: SelectQueryBuilder<DB, 'item', O>): SelectQueryBuilder<DB, 'item', O> {
    return qb.orderBy('item.id', 'desc');
  }
}
