import type { TestApp } from './harness.ts';

/** Distinct client addresses, so per-IP rate limits of one test do not spill into the next. */
export function addresses(prefix: string) {
  let n = 0;
  return () => `${prefix}.${Math.floor(++n / 250)}.${n % 250}`;
}

/** The newest message sent to a phone number or mail address (the outbox notifier). */
export async function lastMessage(t: TestApp, recipient: string) {
  return t.ctx.database.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirst();
}

/** The 6-digit code of the newest message sent to a recipient. */
export async function lastCode(t: TestApp, recipient: string): Promise<string> {
  const m = await lastMessage(t, recipient);
  const code = m?.body.match(/(?<!\d)(\d{6})(?!\d)/)?.[1];
  if (!code) throw new Error(`没有发往 ${recipient} 的验证码：${m?.body}`);
  return code;
}

export async function auditActions(t: TestApp, userId: number) {
  const rows = await t.ctx.database.db.selectFrom('audit_log').select(['action', 'ip', 'target']).where('user_id', '=', userId).orderBy('id').execute();
  return rows;
}

export const CJK = /[\u4e00-\u9fa5]/;
