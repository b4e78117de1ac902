import { CONTAINER_STATE_TEXT, type ContainerState, LEDGER_KIND_TEXT, type LedgerKind } from '@kc/contracts/ledgers/inventory';

export { CONTAINER_STATE_TEXT, LEDGER_KIND_TEXT };
export const STATE_COLOR: Record<ContainerState, string> = { in_stock: 'green', empty: 'default', disposed: 'red', returned: 'gold' };
export const KIND_COLOR: Record<LedgerKind, string> = { stock_in: 'blue', stock_out: 'orange', adjust: 'purple', return: 'gold' };

/** 已过期 / N 天后到期 / the date, for the expiry column. */
export function expiryText(expiresOn: string | null, days: number | null): { text: string; color?: string } {
  if (!expiresOn || days === null) return { text: '—' };
  if (days < 0) return { text: `${expiresOn}（已过期）`, color: 'red' };
  if (days <= 30) return { text: `${expiresOn}（${days} 天后到期）`, color: 'orange' };
  return { text: expiresOn };
}

/** 500 mL, 2.5 g, 3 瓶: up to 3 decimals, trailing zeros dropped. */
export const qty = (v: number, unit: string) => `${Number(v.toFixed(3))} ${unit}`;

/** The print page of a slip: 入库单 or 出库单, plain or 胶版 (stamped). */
export const slipPath = (kind: 'in' | 'out', id: number, stamped = false) =>
  `${kind === 'in' ? (stamped ? '/CassPrintPutOrderRubber' : '/printPutOrder') : stamped ? '/CassPrintOutboundOrderRubber' : '/printOutboundOrder'}?id=${id}`;
