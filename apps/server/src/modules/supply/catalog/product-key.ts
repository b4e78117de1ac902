/**
 * Which items are "the same product" across suppliers (item detail's price comparison).
 *
 * Brand + article number (货号), normalised: a brand's article number names one product in one
 * grade, whoever resells it, while the pack size stays a property of the item (spec, pack_amount)
 * so offers in different packs group together and compare per unit. CAS alone is too loose
 * (分析纯 and 色谱纯 乙腈 share a CAS but are different products); without a brand or article
 * number, CAS + grade is the fallback, and without a CAS the item stands alone.
 */
export function productKey(p: { brandName: string | null; catalogNo: string | null; cas: string | null; grade: string | null; itemId?: number }): string {
  const norm = (s: string) => s.toLowerCase().replace(/[\s\-_.()（）/·]+/g, '');
  if (p.brandName && p.catalogNo) return `b:${norm(p.brandName)}:${norm(p.catalogNo)}`;
  if (p.cas) return `c:${p.cas}:${p.grade ?? ''}`;
  return `i:${p.itemId ?? 'new'}`;
}
