import {
  daysBetween,
  QUALIFICATION_STATUS,
  type QualificationAdminQuery,
  type QualificationInput,
  type QualificationQuery,
  type QualificationUpdateInput,
  type QualificationVO,
  qualificationTypeName,
  REMINDER_DAYS,
  shanghaiDate,
  validityOf,
} from '@kc/contracts/supply/qualifications';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { ownSupplier } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { QualificationTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { transition } from '../../../platform/transitions.ts';
import type { FilesService } from '../../shared/files/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import {
  QUALIFICATION_STATE_CODE,
  QUALIFICATION_TRANSITIONS,
  type QualificationAction,
  type QualificationActor,
  qualificationStateOf,
} from './qualification-states.ts';
import type { QualificationFilter, QualificationsRepository } from './qualifications.repository.ts';

type Stored = Selectable<QualificationTable>;
type Row = Stored & { company_name: string; original_name: string | null; file_size: number | null };

const SUPPLIER_LINK = '/cassSupplier/qualification';
const REVIEW_LINK = '/cass/system/qualificationReview';

/** YYYY-MM-DD plus n days. */
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * 资质管理 (the supplier's own qualifications) and 资质审核 (the platform): add, change (back to
 * review), withdraw; approve or refuse with a reason; the daily expiry reminders. Whether an item
 * may be sold is the gate's business (qualification-gate.ts), which reads the same rows.
 */
export class QualificationsService {
  constructor(
    private readonly repo: QualificationsRepository,
    private readonly files: FilesService,
    private readonly messages: MessagesService,
    private readonly now: () => number = Date.now,
    /** the qualification_type dictionary (global): the names shown for the type codes */
    private readonly typeNames: () => Promise<Map<string, string>> = async () => new Map(),
  ) {}

  /** the dictionary's name of a type, or the contract's when the item is gone */
  private async typeName(code: string, names?: Map<string, string>) {
    return (names ?? (await this.typeNames())).get(code) ?? qualificationTypeName(code);
  }

  private filter(supplierId: number | null, q: QualificationQuery & { supplierName?: string }): QualificationFilter {
    const today = shanghaiDate(this.now());
    const within = q.withinDays ?? 30;
    return { supplierId, ...q, today, withinDays: within, horizon: plusDays(today, within) };
  }

  private vo(r: Row, names: Map<string, string>): QualificationVO {
    const today = shanghaiDate(this.now());
    return {
      id: r.id,
      supplierId: r.supplier_id,
      supplierName: r.company_name,
      typeCode: r.type_code,
      typeName: names.get(r.type_code) ?? qualificationTypeName(r.type_code),
      number: r.number,
      authority: r.authority,
      validFrom: r.valid_from,
      validTo: r.valid_to,
      validity: validityOf(r.valid_from, r.valid_to, today),
      daysLeft: r.valid_to === null ? null : daysBetween(today, r.valid_to),
      fileId: r.file_id,
      fileName: r.original_name,
      // the demo's placeholder files have no bytes to download
      fileUrl: r.original_name === null || !r.file_size ? null : this.files.signedUrl(r.file_id),
      scope: r.scope,
      status: r.status,
      refuseReason: r.refuse_reason,
      submittedAt: r.submitted_at,
      reviewedAt: r.reviewed_at,
    };
  }

  private async list(supplierId: number | null, q: QualificationQuery & { supplierName?: string }) {
    const { rows, total } = await this.repo.page(this.filter(supplierId, q), q.current, q.size);
    const names = await this.typeNames();
    return { records: rows.map((r) => this.vo(r, names)), total, current: q.current, size: q.size };
  }

  /** The caller's own qualifications. */
  page(caller: Caller, q: QualificationQuery) {
    return this.list(ownSupplier(caller), q);
  }

  /** Every supplier's, for the platform (review queue, expiring, expired). */
  adminPage(q: QualificationAdminQuery) {
    return this.list(null, q);
  }

  /** The file must be the caller's own upload for qualifications and belong to no other record. */
  private async checkFile(caller: Caller, fileId: number, self: number | null) {
    await this.files.mustBeAttachable([fileId], 'qualification', caller.userId);
    if (await this.repo.fileTaken(fileId, self)) fail('BAD_REQUEST', '该文件已用于其他资质，请重新上传');
  }

  async add(w: Who, b: QualificationInput) {
    const supplierId = ownSupplier(w.caller);
    await this.checkFile(w.caller, b.fileId, null);
    const typeName = await this.typeName(b.typeCode); // read before the transaction (SQLite has one connection)
    return this.repo.inTransaction(async (r, trx) => {
      const { id } = await r.insert({
        supplier_id: supplierId,
        type_code: b.typeCode,
        number: b.number,
        authority: b.authority,
        valid_from: b.validFrom,
        valid_to: b.validTo,
        file_id: b.fileId,
        scope: b.scope,
        status: QUALIFICATION_STATUS.PENDING,
        refuse_reason: null,
        submitted_by: w.caller.userId,
        submitted_at: nowIso(),
        reviewed_by: null,
        reviewed_at: null,
      });
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: 'qualification.add',
        target: `qualification:${id}`,
        detail: { typeCode: b.typeCode, number: b.number },
        ip: w.ip,
      });
      await this.messages.tell(trx, await r.platformAdmins(), {
        title: '资质待审核',
        content: `${await this.companyName(r, supplierId)}提交了${typeName}（${b.number}），请审核`,
        link: REVIEW_LINK,
      });
      return { id };
    });
  }

  private async companyName(r: QualificationsRepository, supplierId: number) {
    const s = await r.db.selectFrom('supplier').select('company_name').where('id', '=', supplierId).executeTakeFirst();
    return s?.company_name ?? '供应商';
  }

  /** The caller's own row (another supplier's reads as absent), moved by the table. */
  private async own(caller: Caller, id: number) {
    const supplierId = ownSupplier(caller);
    const row = await this.repo.find(id);
    if (!row || row.supplier_id !== supplierId) return fail('NOT_FOUND', '资质不存在');
    return row;
  }

  private target(row: Stored, action: QualificationAction, actor: QualificationActor) {
    const from = qualificationStateOf(row.status);
    const to = transition(QUALIFICATION_TRANSITIONS, from, action, actor);
    if (!to) return fail('STATE_CONFLICT', from === 'withdrawn' ? '该资质已撤回' : '该资质的审核状态已变化，请刷新列表');
    return { from: QUALIFICATION_STATE_CODE[from], to: QUALIFICATION_STATE_CODE[to] };
  }

  /** A change of any field goes back to review. */
  async update(w: Who, b: QualificationUpdateInput) {
    const row = await this.own(w.caller, b.id);
    const move = this.target(row, 'change', 'supplier');
    if (b.fileId !== row.file_id) await this.checkFile(w.caller, b.fileId, row.id);
    const typeName = await this.typeName(b.typeCode); // read before the transaction (SQLite has one connection)
    await this.repo.inTransaction(async (r, trx) => {
      const moved = await r.move(row.id, move.from, {
        type_code: b.typeCode,
        number: b.number,
        authority: b.authority,
        valid_from: b.validFrom,
        valid_to: b.validTo,
        file_id: b.fileId,
        scope: b.scope,
        status: move.to,
        refuse_reason: null,
        submitted_by: w.caller.userId,
        submitted_at: nowIso(),
        reviewed_by: null,
        reviewed_at: null,
      });
      if (!moved) fail('STATE_CONFLICT', '该资质的审核状态已变化，请刷新列表');
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: 'qualification.update',
        target: `qualification:${row.id}`,
        detail: { before: { number: row.number, validTo: row.valid_to, status: row.status }, after: { number: b.number, validTo: b.validTo } },
        ip: w.ip,
      });
      await this.messages.tell(trx, await r.platformAdmins(), {
        title: '资质待审核',
        content: `${await this.companyName(r, row.supplier_id)}修改了${typeName}（${b.number}），请审核`,
        link: REVIEW_LINK,
      });
    });
  }

  async withdraw(w: Who, id: number) {
    const row = await this.own(w.caller, id);
    const move = this.target(row, 'withdraw', 'supplier');
    await this.repo.inTransaction(async (r, trx) => {
      if (!(await r.move(id, move.from, { status: move.to }))) fail('STATE_CONFLICT', '该资质的审核状态已变化，请刷新列表');
      await writeAudit(trx, { userId: w.caller.userId, action: 'qualification.withdraw', target: `qualification:${id}`, ip: w.ip });
    });
  }

  /** The platform's decision; the supplier is told either way. */
  async decide(w: Who, id: number, action: 'approve' | 'refuse', reason: string | null) {
    const row = await this.repo.find(id);
    if (!row) return fail('NOT_FOUND', '资质不存在');
    const move = this.target(row, action, 'platform');
    const name = await this.typeName(row.type_code);
    await this.repo.inTransaction(async (r, trx) => {
      const moved = await r.move(id, move.from, { status: move.to, refuse_reason: reason, reviewed_by: w.caller.userId, reviewed_at: nowIso() });
      if (!moved) fail('STATE_CONFLICT', '该资质的审核状态已变化，请刷新列表');
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: `qualification.${action}`,
        target: `qualification:${id}`,
        detail: reason ? { reason } : undefined,
        ip: w.ip,
      });
      await this.messages.tellSupplier(
        trx,
        row.supplier_id,
        action === 'approve'
          ? { title: '资质审核通过', content: `您提交的${name}（${row.number}）已审核通过`, link: SUPPLIER_LINK }
          : { title: '资质审核未通过', content: `您提交的${name}（${row.number}）未通过审核：${reason}`, link: SUPPLIER_LINK },
      );
    });
  }

  /**
   * The daily reminder: approved qualifications ending in 60, 30 or 7 days get one message to the
   * supplier's accounts and to the platform, unless an approved renewal already runs on past the
   * end. A missed day is caught up (a qualification ending within a threshold that was never
   * reminded for it gets that threshold's message once),
   * and each (qualification, threshold, end date) is recorded before telling, in one transaction:
   * a second run, or a rerun after a crash, sends nothing twice. Answers how many were sent.
   */
  async remind(): Promise<number> {
    const today = shanghaiDate(this.now());
    // every end date from today to the longest threshold; each row then takes the smallest threshold it is within
    const horizon = Math.max(...REMINDER_DAYS);
    const dates = Array.from({ length: horizon + 1 }, (_, n) => plusDays(today, n));
    const due = await this.repo.dueReminders(dates);
    const names = await this.typeNames();
    let sent = 0;
    for (const q of due) {
      const left = daysBetween(today, q.valid_to as string);
      const threshold = [...REMINDER_DAYS].sort((a, b) => a - b).find((d) => left <= d);
      if (threshold === undefined) continue;
      const name = await this.typeName(q.type_code, names);
      const told = await this.repo.inTransaction(async (r, trx) => {
        if (!(await r.markReminded(q.id, threshold, q.valid_to as string, nowIso()))) return false;
        const when = left === 0 ? '今天到期' : `将于 ${left} 天后（${q.valid_to}）到期`;
        await this.messages.tellSupplier(trx, q.supplier_id, {
          title: '资质即将到期',
          content: `贵司的${name}（${q.number}）${when}，到期后需要该资质的商品将无法购买，请及时办理续期并上传新证`,
          link: SUPPLIER_LINK,
        });
        await this.messages.tell(trx, await r.platformAdmins(), {
          title: '供应商资质即将到期',
          content: `${q.company_name}的${name}（${q.number}）${when}`,
          link: REVIEW_LINK,
        });
        return true;
      });
      if (told) sent += 1;
    }
    return sent;
  }
}
