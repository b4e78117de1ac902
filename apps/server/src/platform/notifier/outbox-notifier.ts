import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import { nowIso } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { Message, Notifier } from './notifier.port.ts';

/** Every message lands in the outbox; with SMTP settings, mail is also delivered through nodemailer. */
export class OutboxNotifier implements Notifier {
  private readonly mailer: nodemailer.Transporter | null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    private readonly smtp: { host: string; port: number; secure: boolean; user: string | null; pass: string | null; from: string } | null,
  ) {
    this.mailer = smtp
      ? nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
        })
      : null;
  }

  async send(msg: Message): Promise<void> {
    let status = 'outbox';
    if (msg.channel === 'mail' && this.mailer && this.smtp) {
      try {
        await this.mailer.sendMail({ from: this.smtp.from, to: msg.to, subject: msg.subject, text: msg.body });
        status = 'sent';
      } catch (err) {
        status = 'failed';
        this.log.error({ err, to: msg.to }, '邮件发送失败');
      }
    }
    await this.db
      .insertInto('outbox')
      .values({
        channel: msg.channel,
        recipient: msg.to,
        subject: msg.subject,
        body: msg.body,
        status,
        created_at: nowIso(),
        sent_at: status === 'sent' ? nowIso() : null,
      })
      .execute();
    this.log.info({ channel: msg.channel, to: msg.to, subject: msg.subject, status }, '通知已写入发件箱');
  }

  async queueSms(db: Kysely<DB>, msgs: Omit<Message, 'channel'>[]): Promise<void> {
    if (msgs.length === 0) return;
    const now = nowIso();
    await db
      .insertInto('outbox')
      .values(msgs.map((m) => ({ channel: 'sms', recipient: m.to, subject: m.subject, body: m.body, status: 'outbox', created_at: now, sent_at: null })))
      .execute();
  }
}
