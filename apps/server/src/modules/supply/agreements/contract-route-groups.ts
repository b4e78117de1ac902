/** The OpenAPI group of every route of this module. */
export const CONTRACT_TAGS = ['供应商合同'];

/**
 * Calls both sides use take `accountTypes: [0, 2]`; the service then asks for 合同管理 (suppliers,
 * their own contracts only) or 合同审核 (the platform).
 */
export const BOTH_SIDES = { accountTypes: [0, 2] };
