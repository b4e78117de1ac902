import { shanghaiDate } from '@kc/contracts/platform/common';
import type { DeptDiscountBody } from '@kc/contracts/supply/discounts';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { ownSupplier } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { DiscountsRepository } from './discounts.repository.ts';

/**
 * 协议价 of the supplier portal: a supplier's discount rates and negotiated prices for institutes
 * and departments. Only its own rules, for a working institute, a department of that institute
 * and its own live items; every change audited under the account that made it.
 */
export class DiscountsService {
  constructor(private readonly repo: DiscountsRepository) {}

  async page(c: Caller, q: { instituteId?: number; status?: number; keyword?: string; current: number; size: number }) {
    const [rows, count] = await this.repo.page(ownSupplier(c), q);
    const today = shanghaiDate();
    return {
      records: rows.map((r) => ({
        id: r.id,
        instituteId: r.institute_id,
        instituteName: r.institute_name,
        deptId: r.dept_id,
        deptName: r.dept_name,
        itemId: r.item_id,
        itemName: r.item_name,
        catalogNo: r.catalog_no,
        listPrice: r.list_price === null ? null : Number(r.list_price),
        kind: r.rate !== null ? ('rate' as const) : ('price' as const),
        rate: r.rate,
        price: r.price === null ? null : Number(r.price),
        validFrom: r.valid_from,
        validTo: r.valid_to,
        status: r.status,
        inForce: r.status === 1 && r.valid_from <= today && today <= r.valid_to,
        note: r.note,
        updatedAt: r.updated_at,
      })),
      total: Number(count.n),
      current: q.current,
      size: q.size,
    };
  }

  /** The institute's departments, for choosing one in the form. */
  async depts(c: Caller, instituteId: number) {
    ownSupplier(c);
    if (!(await this.repo.institute(instituteId))) fail('NOT_FOUND', '研究所不存在');
    return (await this.repo.depts(instituteId)).map((d) => ({ id: d.id, parentId: d.parent_id, name: d.name }));
  }

  private async check(r: DiscountsRepository, supplierId: number, b: DeptDiscountBody) {
    if (!(await r.institute(b.instituteId))) fail('BAD_REQUEST', '研究所不存在或已停用');
    if (b.deptId !== undefined) {
      const dept = await r.dept(b.deptId);
      if (!dept || dept.institute_id !== b.instituteId) fail('BAD_REQUEST', '所选部门不属于该研究所');
    }
    if (b.itemId !== undefined) {
      const item = await r.ownItem(supplierId, b.itemId);
      if (!item) fail('BAD_REQUEST', '商品不存在');
      if (b.price !== undefined && b.price >= Number(item?.price)) fail('BAD_REQUEST', '协议价须低于商品的目录价');
    }
  }

  private row(b: DeptDiscountBody) {
    return {
      institute_id: b.instituteId,
      dept_id: b.deptId ?? null,
      item_id: b.itemId ?? null,
      rate: b.kind === 'rate' ? (b.rate ?? null) : null,
      price: b.kind === 'price' ? (b.price ?? null) : null,
      valid_from: b.validFrom,
      valid_to: b.validTo,
      note: b.note ?? null,
    };
  }

  async add(w: Who, b: DeptDiscountBody) {
    const supplierId = ownSupplier(w.caller);
    return this.repo.inTransaction(async (r, trx) => {
      await this.check(r, supplierId, b);
      const now = nowIso();
      const id = await r.insert({ ...this.row(b), supplier_id: supplierId, status: 1, created_by: w.caller.userId, created_at: now, updated_at: now });
      await writeAudit(trx, { userId: w.caller.userId, action: 'deptDiscount.add', target: `deptDiscount:${id}`, detail: this.row(b), ip: w.ip });
      return { id };
    });
  }

  async update(w: Who, id: number, b: DeptDiscountBody) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      const before = (await r.get(supplierId, id)) ?? fail('NOT_FOUND', '协议价不存在');
      await this.check(r, supplierId, b);
      await r.update(id, { ...this.row(b), updated_at: nowIso() });
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: 'deptDiscount.update',
        target: `deptDiscount:${id}`,
        detail: { before, after: this.row(b) },
        ip: w.ip,
      });
    });
  }

  async setStatus(w: Who, id: number, enabled: boolean) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      (await r.get(supplierId, id)) ?? fail('NOT_FOUND', '协议价不存在');
      await r.update(id, { status: enabled ? 1 : 0, updated_at: nowIso() });
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: enabled ? 'deptDiscount.enable' : 'deptDiscount.disable',
        target: `deptDiscount:${id}`,
        ip: w.ip,
      });
    });
  }

  async remove(w: Who, id: number) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      const before = (await r.get(supplierId, id)) ?? fail('NOT_FOUND', '协议价不存在');
      await r.remove(id);
      await writeAudit(trx, { userId: w.caller.userId, action: 'deptDiscount.delete', target: `deptDiscount:${id}`, detail: before, ip: w.ip });
    });
  }
}
