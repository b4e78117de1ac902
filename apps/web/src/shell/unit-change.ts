import type { DeptOption } from '@kc/contracts/identity/uac';

/** docs/domains/identity.md#unit-switching: the unit-change message shows 2 s, after visibility settles for 300 ms. */
export const UNIT_NOTICE_MS = 2000;
export const VISIBILITY_DEBOUNCE_MS = 300;

export function unitChangedMessage(label: string): string {
  return `已切换至：${label}`;
}

/**
 * One activation of a tab (it loads visible, or becomes visible). `seen` is the unit this tab
 * showed at its previous activation; the first activation only records the unit.
 */
export function onTabActivated(seen: number | null, current: DeptOption | null): { message: string | null; seen: number | null } {
  if (!current) return { message: null, seen };
  if (seen === null) return { message: null, seen: current.value };
  if (seen === current.value) return { message: null, seen };
  return { message: unitChangedMessage(current.label), seen: current.value };
}
