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
