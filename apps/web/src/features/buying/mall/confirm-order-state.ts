import type { ConfirmVO } from '@kc/contracts/buying/mall';
import { idListParam, idParam } from './mall-paths.ts';

type ConfirmGroup = ConfirmVO['groups'][number];

/** A budget line of the chosen grant card (available in fen when known). */
export type CardLine = { id: number; name: string; available?: number };

/** Where the lines come from: chosen cart lines, or one item bought at once. */
export type Source = { kind: 'cart'; cartIds: number[]; key: string } | { kind: 'direct'; itemId: number; quantity: number; key: string } | null;

export function readSource(params: URLSearchParams): Source {
  const cartIds = idListParam(params.get('cartIds'));
  if (cartIds.length) return { kind: 'cart', cartIds, key: `cart:${cartIds.join(',')}` };
  const itemId = idParam(params.get('itemId'));
  const quantity = idParam(params.get('quantity')) || 1;
  if (itemId) return { kind: 'direct', itemId, quantity, key: `direct:${itemId}x${quantity}` };
  return null;
}

/** The line a sub-order charges: the buyer's choice, else the card's line its goods map to (商品分类对应预算科目), else the card's only line. */
export function lineOf(g: Pick<ConfirmGroup, 'supplierId' | 'budgetLine'>, lines: CardLine[], chosen: Record<string, number>): number | undefined {
  return chosen[String(g.supplierId)] ?? lines.find((l) => l.name === g.budgetLine)?.id ?? (lines.length === 1 ? lines[0].id : undefined);
}

/** The budget line of every supplier's sub-order that has one, as the order request takes them. */
export function chosenLines(
  groups: Pick<ConfirmGroup, 'supplierId' | 'budgetLine'>[],
  lines: CardLine[],
  chosen: Record<string, number>,
): Record<string, number> {
  return Object.fromEntries(
    groups.flatMap((g) => {
      const id = lineOf(g, lines, chosen);
      return id === undefined ? [] : [[String(g.supplierId), id]];
    }),
  );
}

export interface SubmitState {
  addressId: number | undefined;
  canSubmit: boolean;
  hasHazard: boolean;
  hazardConfirmed: boolean;
  groups: Pick<ConfirmGroup, 'supplierId' | 'budgetLine'>[];
  lines: CardLine[];
  chosen: Record<string, number>;
}

/** What stops the order from being submitted, in the order the page says it (the first one shows). */
export function submitBlockers(s: SubmitState): string[] {
  const blockers: string[] = [];
  if (s.addressId === undefined) blockers.push('请选择收货地址');
  if (!s.canSubmit && s.addressId !== undefined) blockers.push('订单中有商品无法购买或不在供货区域，请调整后再提交');
  if (s.hasHazard && !s.hazardConfirmed) blockers.push('请阅读并确认合规告知');
  if (s.lines.length > 0 && s.groups.some((g) => lineOf(g, s.lines, s.chosen) === undefined)) blockers.push('请选择预算科目');
  return blockers;
}

/** Remarks without the empty ones. */
export const cleanRemarks = (remarks: Record<string, string>) => Object.fromEntries(Object.entries(remarks).filter(([, v]) => v.trim() !== ''));
