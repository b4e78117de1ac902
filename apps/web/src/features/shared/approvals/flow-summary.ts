import type { ApprovalFlow } from '@kc/contracts/buying/orders';
import { money } from '../../../lib/format.ts';

/** An institute's approval flow in one line per step, as the settings list shows it. */
export function flowSteps(f: ApprovalFlow): string[] {
  const from = (fen: number) => (fen > 0 ? `金额达 ${money(fen)} 起` : '全部订单');
  const steps: string[] = [];
  steps.push(f.teamEnabled ? `课题组长审批：${from(f.teamThreshold)}` : '课题组长审批：不需要');
  const institute = f.instituteEnabled ? from(f.instituteThreshold) : '不需要';
  steps.push(`研究所审批：${institute}${f.hazardRequiresInstitute ? '；危化品一律需要' : ''}`);
  steps.push(f.checkerEnabled ? '到货验收：需要' : '到货验收：不需要');
  return steps;
}
