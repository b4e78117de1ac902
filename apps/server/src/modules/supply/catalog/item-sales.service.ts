import { shanghaiDate } from '@kc/contracts/platform/common';
import { ITEM_PRE_STATUS, MAX_SALE_DAYS, type SaleBody, type SaleState } from '@kc/contracts/supply/catalog-supplier-items';
import type { Caller } from '../../../platform/auth/access.ts';
import { ownSupplier } from '../../../platform/auth/admin-scope.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { fail } from '../../../platform/http/errors.ts';
import { type SalePayload, salePayload } from './item-changes.ts';
import type { ItemSalesRepository } from './item-sales.repository.ts';

const DAY_MS = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/**
 * 促销 (sale campaigns): a supplier asks for a sale price of one item between two days; the request
 * waits in the platform's 商品审核 (item_pre, kind sale) and its approval makes the item_sale row
 * that the mall's prices read. One sale waiting or not yet over per item; the supplier may end a
 * running or scheduled sale early. Only its own items and sales.
 */
export class ItemSalesService {
  constructor(private readonly repo: ItemSalesRepository) {}

  async add(w: Who, b: SaleBody) {
    const supplierId = ownSupplier(w.caller);
    const today = shanghaiDate();
    if (b.endsAt < today) fail('BAD_REQUEST', '结束日期不能早于今天');
    if (days(b.startsAt, b.endsAt) > MAX_SALE_DAYS) fail('BAD_REQUEST', `促销最长 ${MAX_SALE_DAYS} 天`);
    return this.repo.inTransaction(async (r) => {
      const item = await r.ownItem(supplierId, b.itemId);
      if (!item || item.deleted === 1) return fail('NOT_FOUND', '商品不存在');
      if (b.salePrice >= Number(item.price)) fail('BAD_REQUEST', '促销价须低于商品现价');
      if (await r.pendingFor(b.itemId)) fail('BAD_REQUEST', '该商品已有申请在审核中，请等待审核结果');
      if (await r.openSale(b.itemId, today)) fail('BAD_REQUEST', '该商品已有未结束的促销，请先结束它');
      const id = await r.insertRequest({ supplierId, itemId: b.itemId, payload: salePayload(b, Number(item.price)), by: w.caller.userId });
      await r.audit({
        userId: w.caller.userId,
        action: 'sale.add',
        target: `item:${b.itemId}`,
        detail: { pre: id, salePrice: b.salePrice, startsAt: b.startsAt, endsAt: b.endsAt },
        ip: w.ip,
      });
      return { id };
    });
  }

  /** The supplier's sale requests with their state, newest first. */
  async page(c: Caller, q: { current: number; size: number }) {
    const { rows, total } = await this.repo.page(ownSupplier(c), q.size, (q.current - 1) * q.size);
    const today = shanghaiDate();
    return {
      records: rows.map((r) => {
        const p = JSON.parse(r.payload) as SalePayload;
        const state: SaleState =
          r.status === ITEM_PRE_STATUS.PENDING
            ? 'pending'
            : r.status !== ITEM_PRE_STATUS.APPROVED || r.sale_id === null
              ? 'refused'
              : r.ended_at
                ? 'ended'
                : p.endsAt < today
                  ? 'finished'
                  : p.startsAt > today
                    ? 'scheduled'
                    : 'running';
        return {
          id: r.id,
          saleId: r.sale_id,
          itemId: r.item_id as number,
          itemName: r.name,
          catalogNo: r.catalog_no,
          title: p.title,
          listPrice: p.listPrice,
          salePrice: p.salePrice,
          startsAt: p.startsAt,
          endsAt: p.endsAt,
          state,
          refuseReason: r.refuse_reason,
          submittedAt: r.submitted_at,
        };
      }),
      total,
      current: q.current,
      size: q.size,
    };
  }

  /** Ends a running or scheduled sale now: the item goes back to its price at once. */
  async end(w: Who, saleId: number) {
    const supplierId = ownSupplier(w.caller);
    await this.repo.inTransaction(async (r) => {
      const sale = await r.ownSale(supplierId, saleId);
      if (!sale) return fail('NOT_FOUND', '促销不存在');
      if (sale.ended_at || sale.ends_at < shanghaiDate()) fail('STATE_CONFLICT', '该促销已结束');
      await r.endSale(saleId);
      await r.audit({ userId: w.caller.userId, action: 'sale.end', target: `sale:${saleId}`, ip: w.ip });
    });
  }
}
