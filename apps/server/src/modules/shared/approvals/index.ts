import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { registerApprovalRoutes } from './approvals.routes.ts';
import { ApprovalsService } from './approvals.service.ts';
import { ApproversRepository } from './approvers.repository.ts';

export type { ChainPlan } from './approvals.service.ts';
export { ApprovalsService } from './approvals.service.ts';
export type { FlowRole, FlowScope, FlowUser } from './approvers.repository.ts';
export { DUTY_CONFLICT_MESSAGE, type DutyParties, dutyConflict } from './duties.ts';
export { type ApprovalStep, approvalChain, approvalPlan, DEFAULT_FLOW, type FlowConfig, nextStepOf, type PlannedStep } from './flow.ts';

/** Approval chains and state transitions, shared by every domain that decides on documents. */
export function createApprovalsModule(ctx: AppContext): Module<{ approvals: ApprovalsService }> {
  const approvals = new ApprovalsService(new ApproversRepository(ctx.database.db));
  return { services: { approvals }, register: (app) => registerApprovalRoutes(app, approvals) };
}
