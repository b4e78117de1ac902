import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import type { AccountChanges, AccountWrites, NewAccount } from './account-writes.ts';
import type { AccountsRepository } from './accounts.repository.ts';

/**
 * Opening and changing accounts (app_user belongs to uac) for the use cases that do it in their own
 * transaction: user administration, supplier registration and child accounts, the account centre's
 * approved changes — `accounts.within(trx).create(…)`, so the account commits or rolls back with
 * the change it is part of. Checks (names taken, limits, scope) stay with the caller.
 */
export class AccountsService {
  constructor(private readonly repo: AccountsRepository) {}

  within(trx: Transaction<DB>): AccountWrites {
    const r = this.repo.within(trx);
    return {
      create: (a: NewAccount) => r.insert(a),
      change: (userId: number, c: AccountChanges) => r.update(userId, c),
    };
  }
}
