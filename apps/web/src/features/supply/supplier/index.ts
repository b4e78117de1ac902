/** 子账号管理: a supplier's main account and its staff accounts (pages through menu-pages.ts). */
export {};
