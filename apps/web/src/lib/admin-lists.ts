import type { Page } from '@kc/contracts/platform/common';

/**
 * Pure helpers of the admin settings pages whose server calls answer a whole list (快递渠道,
 * 购买须知, 审批流程's institutes, 资源管理's tree): the list page searches and pages it here.
 */

/** One page of a whole list: the rows `match` keeps, then current/size. */
export function pageOfList<T>(rows: readonly T[], q: { current: number; size: number }, match: (row: T) => boolean = () => true): Page<T> {
  const kept = rows.filter(match);
  const last = Math.max(1, Math.ceil(kept.length / q.size));
  const current = Math.min(q.current, last);
  return { records: kept.slice((current - 1) * q.size, current * q.size), total: kept.length, current, size: q.size };
}

/** Case-insensitive “contains” of a search box; an empty box keeps everything. */
export function contains(text: string | null | undefined, needle: unknown): boolean {
  if (typeof needle !== 'string' || !needle.trim()) return true;
  return (text ?? '').toLowerCase().includes(needle.trim().toLowerCase());
}

/** A tree cut to the nodes whose name contains `needle` and their ancestors (all of a match's subtree stays). */
export function filterTree<N extends { name: string; child: N[] }>(nodes: readonly N[], needle: string | undefined): N[] {
  if (!needle?.trim()) return [...nodes];
  const out: N[] = [];
  for (const n of nodes) {
    if (contains(n.name, needle)) out.push(n);
    else {
      const child = filterTree(n.child, needle);
      if (child.length) out.push({ ...n, child });
    }
  }
  return out;
}

/** The tracking page a template gives for a sample number, as the server fills it ({com}, {no}). */
export function trackingPreview(template: string | null | undefined, code: string, trackingNo: string): string | null {
  if (!template?.trim()) return null;
  return template.trim().replaceAll('{com}', encodeURIComponent(code)).replaceAll('{no}', encodeURIComponent(trackingNo));
}

/** Yuan typed in a form to integer fen (amount thresholds are stored in fen). */
export const yuanToFen = (yuan: number | null | undefined) => Math.round((yuan ?? 0) * 100);
export const fenToYuan = (fen: number) => fen / 100;
