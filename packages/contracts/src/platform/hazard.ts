/** Hazard marks of an item (危险化学品, 易制毒, 易制爆, 剧毒), from its four flags, in a fixed order. */
export const HAZARD_LABELS = ['危险化学品', '易制毒', '易制爆', '剧毒'] as const;
export type HazardLabel = (typeof HAZARD_LABELS)[number];

export interface HazardFlags {
  hazard_dangerous: number;
  hazard_precursor: number;
  hazard_explosive: number;
  hazard_toxic: number;
}

export function hazardLabels(f: HazardFlags): HazardLabel[] {
  const out: HazardLabel[] = [];
  if (f.hazard_dangerous) out.push('危险化学品');
  if (f.hazard_precursor) out.push('易制毒');
  if (f.hazard_explosive) out.push('易制爆');
  if (f.hazard_toxic) out.push('剧毒');
  return out;
}
