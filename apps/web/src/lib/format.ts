import { yuan } from '@kc/contracts/buying/mall';

// Display formats shared by every page: instants in Shanghai time and amounts in yuan.

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

/** ¥ and yuan with two decimals from integer fen; a negative amount (a refund line, a credit) as -¥200.00. */
export const money = (fen: number) => (fen < 0 ? `-¥${yuan(-fen)}` : `¥${yuan(fen)}`);
