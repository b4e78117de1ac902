/** 角色管理 and 资源管理 (pages through menu-pages.ts); the roles the user admin page assigns. */
export { getRolePage, setUserRoles } from './api/rbac-api.ts';
