import { dimensionOf, normaliseUnit, roundQty } from '@kc/contracts/ledgers/inventory';

/**
 * One container's size from the item's pack (pack_amount + pack_unit, as the catalogue stores it),
 * else from the spec ('500mL', '2.5 L', '25g'), else one counted piece in the order line's unit.
 */
export function packOf(spec: string, packAmount: number | null, packUnit: string | null, lineUnit: string) {
  if (packAmount && packAmount > 0 && packUnit) {
    const unit = normaliseUnit(packUnit);
    return { amount: roundQty(packAmount), unit, dimension: dimensionOf(unit) };
  }
  const m = /^\s*([\d.]+)\s*(mL|ml|L|l|μL|uL|ul|mg|g|kg|μg|ug)\s*$/.exec(spec);
  if (m && Number(m[1]) > 0) {
    const unit = normaliseUnit(m[2]);
    return { amount: roundQty(Number(m[1])), unit, dimension: dimensionOf(unit) };
  }
  return { amount: 1, unit: lineUnit, dimension: 'count' as const };
}
