import { HAZARD_LABELS } from '@kc/contracts/supply/catalog';

/** Search and detail answers carry hazard codes ('toxic'), cart and order answers the Chinese labels: one label either way. */
export function hazardLabel(hazard: string): string {
  return (HAZARD_LABELS as Record<string, string>)[hazard] ?? hazard;
}

/** 剧毒 and 易制爆 are red; 易制毒 and 危险化学品 orange. */
export function hazardColor(label: string): 'red' | 'orange' {
  return label === '剧毒' || label === '易制爆' ? 'red' : 'orange';
}
