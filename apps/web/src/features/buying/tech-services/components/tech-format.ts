import { TECH_REQUEST_STATUS_TEXT, type TechRequestStatus } from '@kc/contracts/buying/tech-services';
import { money } from '../../../../lib/format.ts';

/** 参考价格: the unit price, or 询价 for items priced per case. */
export const priceText = (price: number | null, unit: string) => (price === null ? '询价' : `${money(price)}/${unit}`);

export const STATUS_COLOR: Record<TechRequestStatus, string> = {
  requested: 'orange',
  quoted: 'gold',
  accepted: 'blue',
  samples_sent: 'cyan',
  in_progress: 'processing',
  report_delivered: 'purple',
  completed: 'green',
  cancelled: 'default',
  refused: 'red',
};

export const STATUS_OPTIONS = Object.entries(TECH_REQUEST_STATUS_TEXT).map(([value, label]) => ({ value, label }));
