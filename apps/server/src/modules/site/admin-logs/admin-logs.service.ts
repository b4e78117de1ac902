import { type AuditFilter, auditModuleName } from '@kc/contracts/identity/rbac';
import type { Caller } from '../../../platform/auth/access.ts';
import { isPlatformAdmin } from '../../../platform/auth/admin-scope.ts';
import { type SheetColumn, writeWorkbook } from '../../../platform/documents/excel-writer.ts';
import { shanghaiCompactDate } from '../../../platform/documents/shanghai-time.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { AdminLogsRepository, AuditRowFilter } from './admin-logs.repository.ts';

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
  async audit(c: Caller, f: AuditFilter, current: number, size: number) {
    const { total, records } = await this.logs.auditPage(c, !isPlatformAdmin(c), rowFilter(f), (current - 1) * size, size);
    return { records: records.map(auditVO), total, current, size };
  }

  /**
   * The same rows as the list, as one .xlsx built while the caller waits: at most EXPORT_MAX rows,
   * so a wider search is refused with a hint to narrow it rather than cut silently.
   */
  async exportAudit(c: Caller, f: AuditFilter) {
    const scoped = !isPlatformAdmin(c);
    const filter = rowFilter(f);
    const total = await this.logs.auditCount(c, scoped, filter);
    if (total > AUDIT_EXPORT_MAX) fail('BAD_REQUEST', `符合条件的操作日志有 ${total} 条，超过单次导出上限 ${AUDIT_EXPORT_MAX} 条，请缩小时间范围后再导出`);
    const rows = (await this.logs.auditList(c, scoped, filter, AUDIT_EXPORT_MAX)).map(auditVO);
    const xlsx = await writeWorkbook({ name: '操作日志', columns: AUDIT_COLUMNS, rows });
    return { filename: `操作日志-${shanghaiCompactDate(new Date())}.xlsx`, xlsx };
  }
}

/** The largest audit export built synchronously. */
export const AUDIT_EXPORT_MAX = 10_000;

type AuditRow = Awaited<ReturnType<AdminLogsRepository['auditList']>>[number];
const auditVO = (r: AuditRow) => ({
  id: r.id,
  userId: r.user_id,
  userName: r.user_name,
  action: r.action,
  target: r.target,
  detail: r.detail,
  ip: r.ip,
  createdAt: r.created_at,
});

const AUDIT_COLUMNS: SheetColumn<ReturnType<typeof auditVO>>[] = [
  { header: '时间', value: (r) => r.createdAt, kind: 'datetime', width: 20 },
  { header: '操作人', value: (r) => r.userName ?? '系统', width: 16 },
  { header: '模块', value: (r) => auditModuleName(r.action), width: 12 },
  { header: '操作', value: (r) => r.action, width: 24 },
  { header: '对象', value: (r) => r.target, width: 24 },
  { header: '详情', value: (r) => r.detail, width: 60 },
  { header: 'IP', value: (r) => r.ip, width: 16 },
];

/** Shanghai calendar days (inclusive) as the UTC instants stored; a range ending before it starts is refused. */
function rowFilter(f: AuditFilter): AuditRowFilter {
  if (f.dateFrom && f.dateTo && f.dateFrom > f.dateTo) fail('BAD_REQUEST', '开始日期不能晚于结束日期');
  const day = (d: string, plus = 0) => {
    // Date.parse rolls 02-30 over to March: a day must read back as itself
    const utc = new Date(`${d}T00:00:00Z`);
    if (Number.isNaN(utc.getTime()) || utc.toISOString().slice(0, 10) !== d) fail('BAD_REQUEST', `日期 ${d} 无效`);
    return new Date(utc.getTime() - 8 * 3_600_000 + plus * 86_400_000).toISOString();
  };
  return {
    action: f.action,
    module: f.module,
    userId: f.userId,
    userName: f.userName,
    from: f.dateFrom ? day(f.dateFrom) : undefined,
    to: f.dateTo ? day(f.dateTo, 1) : undefined,
  };
}
