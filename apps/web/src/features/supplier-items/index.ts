/** 商品管理: a supplier's own items (pages through menu-pages.ts). */
export {};
