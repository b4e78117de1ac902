import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Message, Notifier } from '../../../platform/notifier/notifier.port.ts';

/** SQL of the in-app inbox: writing messages, whom to reach (phones, a supplier's accounts), a user's page, read marks. */
export class MessagesRepository {
  constructor(private readonly db: Executor) {}

  /** the same SQL on the transaction of the domain that sends (a message exists exactly when its change commits) */
  within(trx: Executor) {
    return new MessagesRepository(trx);
  }

  /** SMS into the notifier's outbox on this executor (the sender's transaction) */
  queueSms(notifier: Notifier, msgs: Omit<Message, 'channel'>[]) {
    return notifier.queueSms(this.db, msgs);
  }

  insert(rows: { user_id: number; title: string; content: string; link: string | null }[]) {
    if (rows.length === 0) return Promise.resolve();
    const now = nowIso();
    return this.db
      .insertInto('user_message')
      .values(rows.map((r) => ({ ...r, read: 0, created_at: now })))
      .execute()
      .then(() => undefined);
  }

  phones(ids: number[]) {
    return this.db.selectFrom('app_user').select(['id', 'phone_num']).where('id', 'in', ids).execute();
  }

  /** The live accounts of a supplier (main account and children). */
  supplierUsers(supplierId: number) {
    return this.db
      .selectFrom('app_user')
      .select(['id', 'phone_num', 'email'])
      .where('supplier_id', '=', supplierId)
      .where('deleted', '=', 0)
      .where('status', '=', 1)
      .execute();
  }

  async page(userId: number, current: number, size: number, unreadOnly: boolean) {
    let q = this.db.selectFrom('user_message').where('user_id', '=', userId);
    if (unreadOnly) q = q.where('read', '=', 0);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  markRead(userId: number, ids: number[]) {
    return this.db.updateTable('user_message').set({ read: 1 }).where('user_id', '=', userId).where('id', 'in', ids).execute();
  }
}
