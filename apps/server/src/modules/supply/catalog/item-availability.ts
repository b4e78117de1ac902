/**
 * Two rules about an item that only the catalog's data decides, used by the purchase-eligibility
 * seam (modules/buying/eligibility) and by agreements' supply check. Pure.
 */

/** An item is for sale while it is on the shelf, not deleted, and its supplier is active. */
export const isAvailable = (i: { on_shelf: number; deleted: number; supplier_status: number }) =>
  i.on_shelf === 1 && i.deleted === 0 && i.supplier_status === 1;

/**
 * Whether an item may be delivered to a province. Areas hold province names without suffix
 * ('上海', '江苏'); an address may say '上海市' or '江苏省', so compare by prefix. No areas: anywhere.
 */
export function suppliesTo(supplyAreas: string, province: string): boolean {
  if (supplyAreas.trim() === '') return true;
  return supplyAreas
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .some((a) => province.startsWith(a) || a.startsWith(province));
}
