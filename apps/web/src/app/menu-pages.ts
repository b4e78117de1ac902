import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { withChunkTimeout } from '../lib/chunk-load.ts';
import type { MenuEntry } from './menu-entries.ts';

/** Props every menu-driven page receives: its menu entry (title, breadcrumb) and the dashboard path. */
export interface MenuPageProps {
  entry: MenuEntry;
  home: string;
}

type PageModule = () => Promise<{ default: ComponentType<MenuPageProps> }>;

function page<K extends string>(load: () => Promise<Record<K, ComponentType<MenuPageProps>>>, name: K): LazyExoticComponent<ComponentType<MenuPageProps>> {
  const importer: PageModule = () => load().then((m) => ({ default: m[name] }));
  return lazy(withChunkTimeout(importer));
}

/**
 * The pages this client has for the `component` names of the server's menus and modules
 * (SPEC.md §2 "Menu-driven pages"). Names without a page here open the frame of features/menu-frame.
 */
export const MENU_PAGES: Record<string, LazyExoticComponent<ComponentType<MenuPageProps>>> = {
  'mall/favorites': page(() => import('../features/mall/pages/favorites-page.tsx'), 'FavoritesPage'),
  'system/supplier-review': page(() => import('../features/supplier-registration/pages/supplier-review-page.tsx'), 'SupplierReviewPage'),
  'system/notice': page(() => import('../features/notice/pages/notice-admin-page.tsx'), 'NoticeAdminPage'),
  'system/page-config': page(() => import('../features/page-config/pages/page-config-admin-page.tsx'), 'PageConfigAdminPage'),
  'system/help': page(() => import('../features/help/pages/help-admin-page.tsx'), 'HelpAdminPage'),
  'system/dept': page(() => import('../features/system/pages/dept-page.tsx'), 'DeptPage'),
  'system/role': page(() => import('../features/system/pages/role-page.tsx'), 'RolePage'),
  'system/user': page(() => import('../features/system/pages/user-page.tsx'), 'UserPage'),
  'system/outbox': page(() => import('../features/system/pages/outbox-page.tsx'), 'OutboxPage'),
  'system/audit': page(() => import('../features/system/pages/audit-page.tsx'), 'AuditPage'),
};
