/** 部门管理 and 数量限制 (pages through menu-pages.ts); the department tree the user admin page picks from. */
export { type DeptNode, getDeptTree } from './api/org-api.ts';
