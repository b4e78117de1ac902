import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/**
 * What a query runs on: the database, or the transaction of the use case that calls it. A
 * repository or ledger takes one; a service never does (it asks its repository, or a service bound
 * to the caller's transaction with `within(trx)`).
 */
export type Executor = Kysely<DB> | Transaction<DB>;
