/**
 * 预警 (warnings and their rules): the pages through menu-pages.ts; the console header's badge and
 * the checkout's duplicate-purchase hint for the shell and the mall.
 */
export { DuplicatePurchaseHint } from './components/duplicate-purchase-hint.tsx';
export { WarningBadge } from './components/warning-badge.tsx';
export { menuPages } from './menu-pages.ts';
