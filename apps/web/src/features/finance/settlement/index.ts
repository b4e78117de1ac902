/** 对账结算 (finance), 结算管理 (platform admin) and the supplier's 对账单, pages through menu-pages.ts. */
export { PAY_TAGS, STATEMENT_TAGS } from './statement-status.ts';
