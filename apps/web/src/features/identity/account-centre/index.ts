/**
 * Nothing in this feature is used outside it: 个人中心 and the password reset pages are mounted
 * through routes.tsx (app/features.ts), 个人中心 and 用户信息审核 / 用户名审核 through menu-pages.ts.
 */
export {};
