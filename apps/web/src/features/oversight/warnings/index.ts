/**
 * 预警 (warnings and their rules): the pages through menu-pages.ts; the console header's badge (the
 * shell) and the checkout's duplicate-purchase hint (the app fills the mall's slot with it,
 * app/feature-slots.tsx).
 */
export { DuplicatePurchaseHint } from './components/duplicate-purchase-hint.tsx';
export { WarningBadge } from './components/warning-badge.tsx';
export { menuPages } from './menu-pages.ts';
