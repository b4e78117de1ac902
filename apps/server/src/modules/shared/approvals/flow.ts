import { yuan } from '@kc/contracts/buying/mall';
import type { ApprovalFlow } from '@kc/contracts/buying/orders';
import type { ApprovalStep } from '@kc/contracts/buying/orders-status';

/**
 * An institute's approval flow for orders and the chain an order takes under it (pure).
 * The chain is fixed when the order is placed; changing the configuration later does not touch
 * orders already submitted.
 */
/** The contract's shape (thresholds in fen; a step applies at or above its threshold, 0: always). */
export type FlowConfig = ApprovalFlow;

/** Default for an institute that configured nothing: team leader always, institute from ¥5,000, hazards always to the institute, checker acceptance on. */
export const DEFAULT_FLOW: FlowConfig = {
  teamEnabled: 1,
  teamThreshold: 0,
  instituteEnabled: 1,
  instituteThreshold: 500_000,
  checkerEnabled: 1,
  hazardRequiresInstitute: 1,
};

export type { ApprovalStep };

/**
 * The approval chain an order takes, from its amount, hazard flag and whether it has a team.
 * `teamLedByParty`: every team leader of the order's team is a party to it (a team leader buying
 * for their own group); they may not approve it themselves (separation of duties), so the team
 * step is replaced by the institute's approval.
 */
export function approvalChain(flow: FlowConfig, o: ChainInput): ApprovalStep[] {
  return approvalPlan(flow, o).map((s) => s.step);
}

/**
 * `chargesOthersCard`: the order charges a grant card the buyer is neither PI nor member of
 * (他人代付); the card's PI consents first, before anyone spends time approving it.
 */
type ChainInput = { total: number; hasHazard: boolean; hasTeam: boolean; teamLedByParty?: boolean; chargesOthersCard?: boolean };

/** A step of the chain and why the order takes it, in the words checkout shows before submission. */
export interface PlannedStep {
  step: ApprovalStep;
  why: string;
}

/**
 * The chain with its reasons. approvalChain is this without the words, so what checkout announces
 * and what placement does come from the same decisions.
 */
export function approvalPlan(flow: FlowConfig, o: ChainInput): PlannedStep[] {
  const steps: PlannedStep[] = [];
  if (o.chargesOthersCard) steps.push({ step: 'card', why: '使用他人的经费卡（他人代付），须经费卡负责人同意' });
  const teamStep = flow.teamEnabled === 1 && o.hasTeam && o.total >= flow.teamThreshold;
  if (teamStep && !o.teamLedByParty) {
    steps.push({ step: 'team', why: flow.teamThreshold > 0 ? `金额达到 ¥${yuan(flow.teamThreshold)}` : '课题组的采购均须课题组长审批' });
  }
  const byAmount = flow.instituteEnabled === 1 && o.total >= flow.instituteThreshold;
  const byHazard = o.hasHazard && flow.hazardRequiresInstitute === 1;
  const byDuty = teamStep && o.teamLedByParty === true;
  if (byAmount || byHazard || byDuty) {
    const why = [
      byAmount && (flow.instituteThreshold > 0 ? `金额达到 ¥${yuan(flow.instituteThreshold)}` : '本所采购均须研究所审批'),
      byHazard && '含危险化学品',
      byDuty && '课题组长不能审批本人提交或为本人代下的订单',
    ].filter(Boolean);
    steps.push({ step: 'institute', why: why.join('；') });
  }
  return steps;
}

/** After passing `current`, the next step of the chain, or null at its end. */
export function nextStepOf(steps: ApprovalStep[], current: ApprovalStep): ApprovalStep | null {
  const i = steps.indexOf(current);
  return steps[i + 1] ?? null;
}
