/** 运费设置: a supplier's delivery fees by region (pages through menu-pages.ts). */
export {};
