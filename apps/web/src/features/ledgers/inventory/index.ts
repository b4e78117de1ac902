/** 库存 (containers, ledger, 领用, labels, stocktakes, locations): pages through menu-pages.ts, print pages through routes.tsx. */
export { menuPages } from './menu-pages.ts';
