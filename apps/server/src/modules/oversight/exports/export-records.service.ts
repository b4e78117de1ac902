import {
  ASYNC_EXPORT_MAX_ROWS,
  EXPORT_KEEP_DAYS,
  EXPORT_KIND_TEXT,
  EXPORT_PAGE_TEXT,
  EXPORT_STATUS_TEXT,
  type ExportFileInfo,
  ExportFilter,
  type ExportPageName,
  type ExportRecordQuery,
  type ExportRecordVO,
  type ExportStatus,
} from '@kc/contracts/oversight/exports';
import { writeAudit } from '../../../platform/audit/audit.ts';
import { type Caller, Perm } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { shanghaiCompactDate, streamWorkbook } from '../../../platform/documents/index.ts';
import { AppError, fail } from '../../../platform/http/errors.ts';
import type { Jobs } from '../../../platform/jobs/jobs.port.ts';
import { type ExportService, ORDER_SHEET } from '../../buying/orders/index.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { ExportRecordRow, ExportRecordsRepository, RecordScope } from './export-records.repository.ts';
import { EXPORT_OPEN, EXPORT_QUEUED, EXPORT_START, nextExportStatus } from './export-states.ts';

export const EXPORT_JOB = 'exports.run';
export const EXPIRE_JOB = 'exports.expire';
const DAY_MS = 86_400_000;
/** Exports one person may have queued or running at once. */
const MAX_OPEN_PER_USER = 3;
/** Orders (a supplier's sub-orders) per keyset page: one page's lines are all an export holds; small pages die young (V8 scavenges them instead of growing the old space) and keep each turn of the event loop short. */
const PAGE_ORDERS = 100;
/** Progress is written at most this often (each write is a commit). */
const PROGRESS_EVERY_MS = 500;

/** An export refused or stopped for a reason the user should read (kept on the record). */
class ExportStopped extends Error {}

/**
 * Asynchronous exports (导出记录). addRecord checks the caller may export the list (the page's
 * export flag and the list's scope: ExportService.plan, the synchronous export's own code), then
 * writes the record and its job in one transaction. The job loads the exporter again and asks
 * ExportService.plan again — rights lost in between stop the export — and streams the rows page by
 * page (keyset) through exceljs's streaming writer straight into the file store, updating progress.
 * The file is handed out through a signed, expiring link; records and files go after 7 days.
 */
export class ExportRecordsService {
  constructor(
    private readonly repo: ExportRecordsRepository,
    private readonly exporter: ExportService,
    private readonly files: FilesService,
    private readonly approvals: ApprovalsService,
    private readonly jobs: Jobs,
    private readonly now: () => Date = () => new Date(),
    private readonly opts: { pageOrders?: number; progressEveryMs?: number } = {},
  ) {}

  /** Buyer-side and platform lists (addRecord) and the supplier's list (export_async_post). */
  async add(w: Who, page: ExportPageName, filter: ExportFilter): Promise<ExportRecordVO> {
    const c = w.caller;
    // refuses exactly as the synchronous export would (flag, role, scope)
    const plan = await this.exporter.plan(c, page, filter);
    // each export holds a job runner for a while: a few at a time per person
    if ((await this.repo.open(c.userId, EXPORT_OPEN)) >= MAX_OPEN_PER_USER)
      fail('STATE_CONFLICT', `已有 ${MAX_OPEN_PER_USER} 个导出正在排队或生成，请等它们完成后再导出`);
    const now = this.now();
    const id = await this.repo.inTransaction(async (r, trx) => {
      const row = await r.insert({
        kind: 'orders',
        page,
        user_id: c.userId,
        institute_id: c.accountType === 1 ? c.instituteId : null,
        supplier_id: c.accountType === 2 ? c.supplierId : null,
        filter: JSON.stringify(filter),
        status: EXPORT_QUEUED,
        progress: 0,
        row_count: 0,
        file_id: null,
        file_name: `订单导出-${shanghaiCompactDate(now)}.xlsx`,
        error: null,
        created_at: now.toISOString(),
        started_at: null,
        finished_at: null,
        expires_at: new Date(now.getTime() + EXPORT_KEEP_DAYS * DAY_MS).toISOString(),
      });
      await this.jobs.enqueue(trx, EXPORT_JOB, { recordId: row.id });
      await writeAudit(trx, {
        userId: c.userId,
        action: 'order.exportAsync',
        target: `export:${row.id}`,
        detail: { page, filter, orders: plan.total },
        ip: w.ip,
      });
      return row.id;
    });
    return this.vo(await this.mustFind(id));
  }

  /** The job: produce the file of one record. Idempotent: an ended record is left alone; a rerun starts over. */
  async run(recordId: number): Promise<void> {
    const rec = await this.repo.find(recordId);
    // an ended record is left alone; the update settles two deliveries of the job racing
    const running = rec && nextExportStatus(rec.status, 'start');
    if (!rec || !running || !(await this.repo.start(recordId, EXPORT_START.from, running))) return;
    try {
      const caller = await this.exporterNow(rec);
      const plan = await this.exporter.plan(caller, rec.page as ExportPageName, ExportFilter.parse(JSON.parse(rec.filter)));
      let lastWrite = 0;
      let ordersDone = 0;
      const total = Math.max(plan.total, 1);
      const repo = this.repo;
      const pageOrders = this.opts.pageOrders ?? PAGE_ORDERS;
      // counts orders walked (the total is orders), rows written, and stops before Excel's limit
      async function* counted() {
        for await (const p of plan.pages(pageOrders)) {
          ordersDone += p.walked;
          yield p.rows;
        }
      }
      let written = 0;
      const fileId = await this.files.storeGenerated({ name: rec.file_name, mime: XLSX_MIME, ext: 'xlsx', purpose: 'export' }, (out) =>
        streamWorkbook(out, ORDER_SHEET, counted(), async (n) => {
          written = n;
          if (n > ASYNC_EXPORT_MAX_ROWS)
            throw new ExportStopped(`导出数据超过 ${ASYNC_EXPORT_MAX_ROWS.toLocaleString('en-US')} 行（Excel 单表上限），请缩小筛选范围后分批导出`);
          const t = Date.now();
          if (t - lastWrite >= (this.opts.progressEveryMs ?? PROGRESS_EVERY_MS)) {
            lastWrite = t;
            // 99 at most until the file is stored
            await repo.progress(recordId, Math.min(99, Math.floor((Math.min(ordersDone, total) * 100) / total)), n);
          }
          // let requests in between pages (SQLite answers on this same thread)
          await new Promise((r) => setImmediate(r));
        }),
      );
      await this.repo.done(recordId, nextExportStatus(running, 'finish')!, fileId, written);
    } catch (e) {
      const message = e instanceof ExportStopped || e instanceof AppError ? e.message : '导出失败，请稍后重新导出';
      await this.repo.failed(recordId, nextExportStatus(running, 'fail')!, message);
      if (!(e instanceof ExportStopped || e instanceof AppError)) throw e;
    }
  }

  /**
   * The exporter as they are now: still active, in the same institute or supplier as when they
   * asked (the records page of that institute lists it). The rest (flag, role, scope) plan() checks.
   */
  private async exporterNow(rec: ExportRecordRow): Promise<Caller> {
    const base = await this.repo.exporter(rec.user_id);
    if (!base || 'inactive' in base) throw new ExportStopped('导出人账号已停用或已删除，导出已停止');
    if (base.accountType === 1 && base.instituteId !== rec.institute_id) throw new ExportStopped('导出人已切换单位，导出已停止，请重新导出');
    if (base.accountType === 2 && base.supplierId !== rec.supplier_id) throw new ExportStopped('导出人已不属于该供应商，导出已停止');
    return { ...base, fid: 'job', aclVersion: null };
  }

  /** The record with a signed link (30 minutes) once done; a record the caller may not see is "not found". */
  async fileInfo(c: Caller, id: number): Promise<ExportFileInfo> {
    const rec = await this.repo.find(id);
    if (!rec || !(await this.maySee(c, rec))) return fail('NOT_FOUND', '导出记录不存在');
    const vo = this.vo(rec);
    if (vo.status === 'done' && Date.parse(rec.expires_at) <= this.now().getTime()) return fail('NOT_FOUND', '导出文件已过期（保留 7 天），请重新导出');
    return { ...vo, downloadUrl: vo.status === 'done' && rec.file_id !== null ? this.files.signedUrl(rec.file_id) : null };
  }

  private async maySee(c: Caller, rec: ExportRecordRow) {
    if (c.accountType === 0) return true;
    // a supplier's accounts that handle orders (the export's own right), not e.g. its invoicing clerk
    if (c.accountType === 2) return c.supplierId !== null && rec.supplier_id === c.supplierId && c.perms.has(Perm.SUPPLIER_DELIVER);
    if (rec.user_id === c.userId) return true;
    return rec.institute_id !== null && rec.institute_id === c.instituteId && (await this.instituteOfficer(c));
  }

  /** The institute's owner and finance see every record of their institute. */
  private async instituteOfficer(c: Caller) {
    return c.instituteId !== null && ((await this.approvals.holdsRole(c.userId, 'institute')) || (await this.approvals.holdsRole(c.userId, 'finance')));
  }

  async mine(c: Caller, q: ExportRecordQuery) {
    return this.page({ kind: 'user', userId: c.userId }, q);
  }

  async ofInstitute(c: Caller, q: ExportRecordQuery) {
    if (c.accountType !== 1 || !(await this.instituteOfficer(c))) return fail('FORBIDDEN', '只有研究所负责人或财务可以查看本所的导出记录');
    return this.page({ kind: 'institute', instituteId: c.instituteId! }, q);
  }

  async all(c: Caller, q: ExportRecordQuery) {
    if (c.accountType !== 0) return fail('FORBIDDEN');
    return this.page({ kind: 'all' }, q);
  }

  async ofSupplier(c: Caller, q: ExportRecordQuery) {
    if (c.supplierId === null) return fail('FORBIDDEN');
    return this.page({ kind: 'supplier', supplierId: c.supplierId }, q);
  }

  private async page(scope: RecordScope, q: ExportRecordQuery) {
    const { rows, total } = await this.repo.page(scope, q);
    return { records: rows.map((r) => this.vo(r)), total, current: q.current, size: q.size };
  }

  /** The nightly sweep: records past their 7 days go, with their files. Answers how many. */
  async expire(): Promise<number> {
    let n = 0;
    for (;;) {
      const batch = await this.repo.expired(this.now().toISOString(), 200);
      if (batch.length === 0) return n;
      for (const r of batch) {
        // the record first: a link handed out a moment ago then finds no record rather than a missing file
        await this.repo.remove(r.id);
        if (r.file_id !== null) await this.files.remove(r.file_id);
        n++;
      }
    }
  }

  private async mustFind(id: number) {
    const r = await this.repo.find(id);
    if (!r) return fail('NOT_FOUND', '导出记录不存在');
    return r;
  }

  private vo(r: ExportRecordRow): ExportRecordVO {
    const status = r.status as ExportStatus;
    return {
      id: r.id,
      kind: r.kind,
      kindText: EXPORT_KIND_TEXT[r.kind as 'orders'] ?? r.kind,
      page: r.page,
      pageText: EXPORT_PAGE_TEXT[r.page as ExportPageName] ?? r.page,
      status,
      statusText: EXPORT_STATUS_TEXT[status] ?? r.status,
      progress: r.progress,
      rowCount: r.row_count,
      fileName: r.file_name,
      error: r.error,
      userName: r.user_name,
      filter: ExportFilter.parse(JSON.parse(r.filter)),
      createdAt: r.created_at,
      finishedAt: r.finished_at,
      expiresAt: r.expires_at,
    };
  }
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
