import { randomInt } from 'node:crypto';

/** Order numbers: PO + date in Asia/Shanghai + 10 random digits (unique index is the last word). */
export function orderNo(now: Date) {
  const d = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `PO${d}${String(randomInt(0, 1e10)).padStart(10, '0')}`;
}
