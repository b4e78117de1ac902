/**
 * 订单 (the buyer's order pages and the supplier's 订单管理, with their print pages, through
 * routes.tsx; 快递渠道 through menu-pages.ts): the pieces other features use — an order's detail
 * query (the comment dialog), the reason dialog and the amount in words (claims).
 */
export { useOrderDetail } from './api/use-order-queries.ts';
export { ReasonModal, type ReasonRequest } from './components/reason-modal.tsx';
export { rmbUppercase } from './rmb-uppercase.ts';
