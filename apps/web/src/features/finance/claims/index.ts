/**
 * 我的报销, 报销审批, 合并报销 and 全部报销单, pages through menu-pages.ts; print pages through routes.tsx.
 * The claim detail drawer also fills the budget ledger's slot (app/feature-slots.tsx).
 */
export { claimPdf } from './api/claims-api.ts';
export { ClaimDetailDrawer } from './components/claim-detail-drawer.tsx';
