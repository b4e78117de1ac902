import type { Transaction } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import type { DB } from '../../../platform/db/schema.ts';
import type { Notifier } from '../../../platform/notifier/notifier.port.ts';
import { MessagesRepository } from './messages.repository.ts';

export interface Notice {
  title: string;
  content: string;
  /** where the message leads in the web app */
  link: string | null;
}

/** The sign every SMS of the platform carries. */
const SMS_SIGN = '【科研采购平台】';

/**
 * The in-app inbox and notification, for every domain. `tell` and `tellSupplier` run inside the
 * caller's own transaction: the in-app message and the SMS (a transactional outbox row, sent by
 * the notifier) exist exactly when the change they announce committed. The wording of a message
 * belongs to the domain that sends it.
 */
export class MessagesService {
  constructor(
    private readonly repo: MessagesRepository,
    private readonly notifier: Notifier,
  ) {}

  /** An in-app message and an SMS to each user (duplicates and empty lists are fine). */
  async tell(trx: Transaction<DB>, userIds: number[], n: Notice) {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    await this.deliver(trx, await new MessagesRepository(trx).phones(ids), n);
  }

  /** The same to every live account of a supplier (their phones come with them). */
  async tellSupplier(trx: Transaction<DB>, supplierId: number, n: Notice) {
    await this.deliver(trx, await new MessagesRepository(trx).supplierUsers(supplierId), n);
  }

  private async deliver(trx: Transaction<DB>, users: { id: number; phone_num: string | null }[], n: Notice) {
    if (users.length === 0) return;
    await new MessagesRepository(trx).insert(users.map((u) => ({ user_id: u.id, title: n.title, content: n.content, link: n.link })));
    await this.notifier.queueSms(
      trx,
      users.filter((u) => u.phone_num).map((u) => ({ to: u.phone_num as string, subject: n.title, body: `${SMS_SIGN}${n.title}。${n.content}` })),
    );
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
