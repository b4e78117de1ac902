import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface Message {
  channel: 'sms' | 'mail';
  /** phone number or mail address */
  to: string;
  subject: string;
  body: string;
}

/** Sends SMS and mail. Default: the outbox table (readable by the platform admin) and the log. */
export interface Notifier {
  /** Sends now (mail through SMTP when configured) and records the message in the outbox. */
  send(msg: Message): Promise<void>;
  /**
   * Records SMS in the outbox inside the caller's transaction (transactional outbox): a message
   * exists exactly when the change it announces committed, and no extra commit is paid for it.
   */
  queueSms(db: Kysely<DB>, msgs: Omit<Message, 'channel'>[]): Promise<void>;
}
