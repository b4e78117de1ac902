import { MAX_ORDER_AMOUNT_FEN, yuan } from '@kc/contracts/buying/mall';
import { fail } from '../../../../platform/http/errors.ts';
import type { computeDraft } from './order-draft.ts';

/**
 * Refuses a draft recomputed at submission that cannot be placed as it stands. The confirmation
 * page showed the same problems, but prices, stock and gates may have moved since: the buyer is
 * told the first line at fault (its own problem, then its supply area), then what concerns the
 * whole order (anything unbuyable, the amount cap, the unconfirmed hazard notice).
 */
export function assertPlaceable(d: ReturnType<typeof computeDraft>, province: string, hazardConfirmed: boolean): void {
  for (const g of d.groups) {
    for (const l of g.lines) {
      if (l.problem) fail('BAD_REQUEST', `${l.name}：${l.problem}`);
      if (l.outOfArea) fail('BAD_REQUEST', `${l.name} 不在 ${g.supplierName} 的供货区域（${province}）内`);
    }
  }
  if (!d.canSubmit) fail('BAD_REQUEST', '订单中有商品无法购买，请返回购物车检查');
  if (d.totalAmount > MAX_ORDER_AMOUNT_FEN) fail('BAD_REQUEST', `单笔订单金额不能超过 ¥${yuan(MAX_ORDER_AMOUNT_FEN)}，请拆分订单或走招标采购`);
  if (d.hasHazard && !hazardConfirmed) fail('BAD_REQUEST', '订单含危险化学品等管制商品，请先阅读并确认合规告知');
}
