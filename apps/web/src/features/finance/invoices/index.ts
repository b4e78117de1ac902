/**
 * 发票: the supplier's 发票管理 page (menu-pages.ts), and the pieces other pages show — the match
 * badge of a sub-order and the drawer with its invoices (buyer's order detail, supplier's order
 * list through the app's slot, app/feature-slots.tsx; the claims pages).
 */
export { MatchBadge } from './components/match-badge.tsx';
export { SubOrderInvoiceBadge } from './components/sub-order-invoice-badge.tsx';
export { InvoiceCard, InvoiceStatusTag, SubOrderInvoicesDrawer } from './components/sub-order-invoices-drawer.tsx';
