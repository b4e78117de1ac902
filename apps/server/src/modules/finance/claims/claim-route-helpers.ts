import { ClaimBatchResults } from '@kc/contracts/finance/claims';
import { envelope } from '@kc/contracts/platform/common';
import { Perm } from '../../../platform/auth/access.ts';

/**
 * What the claim registrars share: approvers are checked per claim against its institute and team
 * (ApprovalsService.authorise), so the routes ask only for the menu permission; reads that serve
 * several roles take buyer-side accounts and the service scopes them.
 */
export const CLAIM_TAGS = ['报销'];
export const BUYER_SIDE = { accountTypes: [0, 1] };
export const CLAIM_BUYER = { perm: Perm.CLAIM_APPLY, accountTypes: [1] };
export const CLAIM_APPROVER = { perm: Perm.CLAIM_APPROVE, accountTypes: [1] };
export const CLAIM_FINANCE = { perm: Perm.CLAIM_FINANCE, accountTypes: [1] };
/** the answer of a batch move: one result per claim */
export const BATCH_RESULTS = { 200: envelope(ClaimBatchResults) };
