import type { Notifier } from '../../../platform/notifier/notifier.port.ts';
import type { MessagesRepository } from './messages.repository.ts';

export interface Notice {
  title: string;
  content: string;
  /** where the message leads in the web app */
  link: string | null;
}

/** The sign every SMS of the platform carries. */
const SMS_SIGN = '【科研采购平台】';

/**
 * The inbox bound to a sending domain's transaction (`MessagesService.within(trx)`): the in-app
 * message and the SMS (a transactional outbox row, sent by the notifier) exist exactly when the
 * change they announce committed.
 */
export class TransactionalMessages {
  constructor(
    private readonly repo: MessagesRepository,
    private readonly notifier: Notifier,
  ) {}

  /** An in-app message and an SMS to each user (duplicates and empty lists are fine). */
  async tell(userIds: number[], n: Notice) {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    await this.deliver(await this.repo.phones(ids), n);
  }

  /** The same to every live account of a supplier (their phones come with them). */
  async tellSupplier(supplierId: number, n: Notice) {
    await this.deliver(await this.repo.supplierUsers(supplierId), n);
  }

  private async deliver(users: { id: number; phone_num: string | null }[], n: Notice) {
    if (users.length === 0) return;
    await this.repo.insert(users.map((u) => ({ user_id: u.id, title: n.title, content: n.content, link: n.link })));
    await this.repo.queueSms(
      this.notifier,
      users.filter((u) => u.phone_num).map((u) => ({ to: u.phone_num as string, subject: n.title, body: `${SMS_SIGN}${n.title}。${n.content}` })),
    );
  }
}
