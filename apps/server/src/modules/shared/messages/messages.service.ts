import type { Transaction } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import type { DB } from '../../../platform/db/schema.ts';
import type { Notifier } from '../../../platform/notifier/notifier.port.ts';
import type { MessagesRepository } from './messages.repository.ts';
import { type Notice, TransactionalMessages } from './transactional-messages.ts';

export type { Notice };

/**
 * The in-app inbox and notification, for every domain. A sending domain binds it to its own
 * transaction with `within(trx)` (transactional-messages.ts); the wording of a message belongs to
 * the domain that sends it.
 */
export class MessagesService {
  constructor(
    private readonly repo: MessagesRepository,
    private readonly notifier: Notifier,
  ) {}

  /** The inbox inside the caller's transaction: what it writes commits or rolls back with the caller's change. */
  within(trx: Transaction<DB>) {
    return new TransactionalMessages(this.repo.within(trx), this.notifier);
  }

  /** `within(trx).tell(…)` (the form callers elsewhere still use) */
  tell(trx: Transaction<DB>, userIds: number[], n: Notice) {
    return this.within(trx).tell(userIds, n);
  }

  /** `within(trx).tellSupplier(…)` (the form callers elsewhere still use) */
  tellSupplier(trx: Transaction<DB>, supplierId: number, n: Notice) {
    return this.within(trx).tellSupplier(supplierId, n);
  }

  async page(c: Caller, current: number, size: number, unreadOnly: boolean) {
    const { rows, total } = await this.repo.page(c.userId, current, size, unreadOnly);
    return {
      records: rows.map((m) => ({ id: m.id, title: m.title, content: m.content, link: m.link, read: m.read === 1, createdAt: m.created_at })),
      total,
      current,
      size,
    };
  }

  async markRead(c: Caller, ids: number[]) {
    await this.repo.markRead(c.userId, ids);
  }
}
