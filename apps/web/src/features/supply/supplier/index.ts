/**
 * 子账号管理 (a supplier's main account and its staff accounts) and 供应商审核 (pages through
 * menu-pages.ts); the registration page through routes.tsx. Nothing here is used outside it.
 */
export {};
