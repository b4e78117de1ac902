import type { AgentBuyer } from './api/order-api.ts';

/** The 采购人 choice's value for the caller's own order (no buyerId is sent). */
export const SELF = 0;

/** '姓名（用户名）'; an account without a real name shows its user name alone. */
export function buyerLabel(b: AgentBuyer): string {
  const name = b.realName?.trim();
  return name ? `${name}（${b.userName}）` : b.userName;
}

/** The 采购人 options: 本人 first, then the buyers an assistant may order for. */
export function buyerOptions(buyers: AgentBuyer[]): { value: number; label: string }[] {
  return [{ value: SELF, label: '本人' }, ...buyers.map((b) => ({ value: b.id, label: buyerLabel(b) }))];
}

/** The chosen buyer when it is one of the listed ones; anything else orders for oneself. */
export function chosenBuyer(buyers: AgentBuyer[], buyerId: number | undefined): AgentBuyer | undefined {
  return buyerId === undefined || buyerId === SELF ? undefined : buyers.find((b) => b.id === buyerId);
}
