import { type ItemPriceStockBody, RESTORE_DAYS, type SupplierItemQuery } from '@kc/contracts/supply/catalog-supplier-items';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { ownSupplier } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { fail } from '../../../platform/http/errors.ts';
import { hazardsOf } from './item-rules.ts';
import type { SupplierItemsRepository } from './supplier-items.repository.ts';

type Row = Awaited<ReturnType<SupplierItemsRepository['page']>>['rows'][number];

/** The caller's items among ids, all of them, else "not found" (nothing of another supplier is touched). */
async function mustOwn(repo: SupplierItemsRepository, supplierId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.owned(supplierId, unique);
  if (rows.length !== unique.length) fail('NOT_FOUND', '商品不存在');
  return rows;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SOURCE_TEXT: Record<string, string> = { manual: '手动改价', import: '价格导入', rollback: '撤销导入' };

/** Whether a deleted item may still come back, and for how many more days. */
export function restoreWindow(deletedAt: string | null, now = Date.now()): { restorable: boolean; reason: string | null; daysLeft: number } {
  if (!deletedAt) return { restorable: false, reason: `删除已超过 ${RESTORE_DAYS} 天，不能恢复`, daysLeft: 0 };
  const left = RESTORE_DAYS * DAY_MS - (now - Date.parse(deletedAt));
  if (left <= 0) return { restorable: false, reason: `删除已超过 ${RESTORE_DAYS} 天，不能恢复`, daysLeft: 0 };
  return { restorable: true, reason: null, daysLeft: Math.ceil(left / DAY_MS) };
}

/**
 * 商品管理: a supplier's own items. Shelf state, price and stock change at once (price changes are
 * kept in the item's price history); a deleted item leaves the shelf and search and can be restored
 * for 30 days, coming back off the shelf. Every query is held to the caller's supplier; another
 * supplier's item is "not found"; every change is audited under the account that made it.
 */
export class SupplierItemsService {
  constructor(private readonly repo: SupplierItemsRepository) {}

  private vo(r: Row) {
    return {
      id: r.id,
      name: r.name,
      nameEn: r.name_en,
      cas: r.cas,
      brand: r.brand_name,
      catalogNo: r.catalog_no,
      spec: r.spec,
      grade: r.grade,
      taxRate: r.tax_rate,
      unit: r.unit,
      price: Number(r.price),
      stock: r.stock,
      onShelf: r.on_shelf === 1,
      hazards: hazardsOf(r),
      sales: r.sales,
      version: r.version,
      updatedAt: r.updated_at,
      deletedAt: r.deleted_at,
    };
  }

  async page(c: Caller, q: SupplierItemQuery) {
    const supplierId = ownSupplier(c);
    const counts = await this.repo.counts(supplierId);
    const { rows, total } = await this.repo.page(supplierId, q, counts[q.tab]);
    return { records: rows.map((r) => this.vo(r)), total, current: q.current, size: q.size, counts };
  }

  async setShelf(w: Who, ids: number[], onShelf: boolean) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      const rows = await mustOwn(r, supplierId, ids);
      if (rows.some((x) => x.deleted === 1)) fail('BAD_REQUEST', '已删除的商品不能上架或下架，请先恢复');
      await r.setShelf(
        rows.map((x) => x.id),
        onShelf,
        nowIso(),
      );
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: onShelf ? 'item.onShelf' : 'item.offShelf',
        target: `items:${rows.map((x) => x.id).join(',')}`,
        ip: w.ip,
      });
    });
  }

  async updatePriceStock(w: Who, b: ItemPriceStockBody) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      const [it] = await mustOwn(r, supplierId, [b.id]);
      if (it.deleted === 1) fail('BAD_REQUEST', '已删除的商品不能改价，请先恢复');
      const now = nowIso();
      if (!(await r.setPriceStock(b.id, b.version, b.price, b.stock, now))) fail('STATE_CONFLICT', '商品已被他人修改，请刷新后重试');
      if (Number(it.price) !== b.price) {
        await r.insertPriceHistory([
          { item_id: b.id, old_price: Number(it.price), new_price: b.price, source: 'manual', changed_by: w.caller.userId, created_at: now },
        ]);
      }
      await writeAudit(trx, {
        userId: w.caller.userId,
        action: 'item.priceStock',
        target: `item:${b.id}`,
        detail: { price: b.price, stock: b.stock, oldPrice: Number(it.price) },
        ip: w.ip,
      });
    });
  }

  async remove(w: Who, ids: number[]) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      const rows = await mustOwn(r, supplierId, ids);
      if (rows.some((x) => x.deleted === 1)) fail('BAD_REQUEST', '所选商品中有已删除的商品');
      await r.markDeleted(
        rows.map((x) => x.id),
        true,
        nowIso(),
      );
      await writeAudit(trx, { userId: w.caller.userId, action: 'item.delete', target: `items:${rows.map((x) => x.id).join(',')}`, ip: w.ip });
    });
  }

  /** isRestoreDeletedItems/{id} */
  async restoreCheck(c: Caller, id: number) {
    const [it] = await mustOwn(this.repo, ownSupplier(c), [id]);
    if (it.deleted !== 1) return { restorable: false, reason: '该商品未被删除', daysLeft: 0 };
    return restoreWindow(it.deleted_at);
  }

  /** getRestoreDelItemsInfo/{id}: the item as it would come back, and whether it can. */
  async restoreInfo(c: Caller, id: number) {
    const row = (await this.repo.row(ownSupplier(c), id)) ?? fail('NOT_FOUND', '商品不存在');
    return { item: this.vo(row), deletedAt: row.deleted_at, ...(await this.restoreCheck(c, id)), comesBackOnShelf: false };
  }

  /** recoverDeletedItems: every chosen item must still be restorable; they come back off the shelf. */
  async recover(w: Who, ids: number[]) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      const rows = await mustOwn(r, supplierId, ids);
      for (const x of rows) {
        if (x.deleted !== 1) fail('BAD_REQUEST', '所选商品中有未删除的商品');
        const window = restoreWindow(x.deleted_at);
        if (!window.restorable) fail('BAD_REQUEST', window.reason ?? '不能恢复');
      }
      await r.markDeleted(
        rows.map((x) => x.id),
        false,
        nowIso(),
      );
      await writeAudit(trx, { userId: w.caller.userId, action: 'item.recover', target: `items:${rows.map((x) => x.id).join(',')}`, ip: w.ip });
    });
  }

  async priceHistory(c: Caller, id: number) {
    await mustOwn(this.repo, ownSupplier(c), [id]);
    return (await this.repo.priceHistory(id)).map((h) => ({
      id: h.id,
      oldPrice: Number(h.old_price),
      newPrice: Number(h.new_price),
      source: SOURCE_TEXT[h.source] ?? h.source,
      changedBy: h.real_name ?? h.user_name ?? '—',
      createdAt: h.created_at,
    }));
  }

  /** Groups of the supplier's live items listed more than once (same brand, 货号 and 规格). */
  async duplicates(c: Caller) {
    const rows = await this.repo.duplicates(ownSupplier(c));
    const groups = new Map<string, ReturnType<SupplierItemsService['vo']>[]>();
    for (const r of rows) {
      const key = `${r.brand_id}|${r.catalog_no}|${r.spec}`;
      groups.set(key, [...(groups.get(key) ?? []), this.vo(r)]);
    }
    return [...groups.values()].map((items) => ({ key: `${items[0].brand ?? ''} ${items[0].catalogNo ?? ''} ${items[0].spec}`.trim(), items }));
  }

  /**
   * deleteDuplicatedData/{id}: deletes one listing of a duplicated product (restorable like any
   * deletion); refused when it is not a duplicate, so the last listing of a product stays.
   */
  async deleteDuplicate(w: Who, id: number) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r, trx) => {
      const [it] = await mustOwn(r, supplierId, [id]);
      if (it.deleted === 1) fail('BAD_REQUEST', '该商品已删除');
      const dup = (await r.duplicates(supplierId)).some((x) => x.id === id);
      if (!dup) fail('BAD_REQUEST', '该商品没有重复的条目，不能按重复数据删除');
      await r.markDeleted([id], true, nowIso());
      await writeAudit(trx, { userId: w.caller.userId, action: 'item.deleteDuplicate', target: `item:${id}`, ip: w.ip });
    });
  }
}
