import { yuan } from '@kc/contracts/mall';

const SHANGHAI = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** A stored UTC instant as Shanghai time, 'YYYY-MM-DD HH:mm' (with seconds when asked). */
export function shanghaiTime(iso: string | null | undefined, seconds = false): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = Object.fromEntries(SHANGHAI.formatToParts(d).map((x) => [x.type, x.value]));
  const hour = p.hour === '24' ? '00' : p.hour;
  return `${p.year}-${p.month}-${p.day} ${hour}:${p.minute}${seconds ? `:${p.second}` : ''}`;
}

/** ¥ and yuan with two decimals from integer fen. */
export const money = (fen: number) => `¥${yuan(fen)}`;

/** The search form's values as the list's query (trimmed order number, Shanghai calendar days). */
export interface SearchValues {
  orderNo?: string;
  dateFrom?: string;
  dateTo?: string;
  status?: string[];
}

/** Quantities still to ship per line (ordered minus delivered), never below zero. */
export function remainingOf(line: { quantity: number; deliveredQty: number }): number {
  return Math.max(0, line.quantity - line.deliveredQty);
}

/**
 * The deliver call's lines: undefined when every remaining unit ships (the server then ships
 * everything), else the lines with a positive quantity, each bounded by what is left.
 */
export function deliveryLines(
  lines: { id: number; quantity: number; deliveredQty: number }[],
  wanted: Record<number, number | null | undefined>,
): { lineId: number; quantity: number }[] | undefined {
  const chosen = lines
    .map((l) => ({ lineId: l.id, quantity: Math.min(remainingOf(l), Math.max(0, Math.floor(wanted[l.id] ?? 0))) }))
    .filter((x) => x.quantity > 0);
  const all = lines.every((l) => remainingOf(l) === 0 || chosen.find((c) => c.lineId === l.id)?.quantity === remainingOf(l));
  return all ? undefined : chosen;
}
