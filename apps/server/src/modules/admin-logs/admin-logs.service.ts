import type { Caller } from '../../platform/auth/access.ts';
import { isPlatformAdmin } from '../../platform/auth/admin-scope.ts';
import type { AdminLogsRepository } from './admin-logs.repository.ts';

/** Readers for the admin console: outbox (permission 'uac:outbox:view') and audit log ('uac:audit:view'). */
export class AdminLogsService {
  constructor(private readonly logs: AdminLogsRepository) {}

  async outbox(f: { channel?: string; recipient?: string }, current: number, size: number) {
    const { total, records } = await this.logs.outboxPage(f, (current - 1) * size, size);
    return {
      records: records.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        status: r.status,
        createdAt: r.created_at,
        sentAt: r.sent_at,
      })),
      total,
      current,
      size,
    };
  }

  /** Everyone but the platform admin sees only what users in their own data scope did (an institute owner: their institute). */
  async audit(c: Caller, f: { action?: string; userId?: number }, current: number, size: number) {
    const { total, records } = await this.logs.auditPage(c, !isPlatformAdmin(c), f, (current - 1) * size, size);
    return {
      records: records.map((r) => ({
        id: r.id,
        userId: r.user_id,
        userName: r.user_name,
        action: r.action,
        target: r.target,
        detail: r.detail,
        ip: r.ip,
        createdAt: r.created_at,
      })),
      total,
      current,
      size,
    };
  }
}
