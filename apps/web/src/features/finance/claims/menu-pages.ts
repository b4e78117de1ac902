import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'claim/my': menuPage(() => import('./pages/my-claims-page.tsx'), 'MyClaimsPage'),
  'claim/approve': menuPage(() => import('./pages/approve-claims-page.tsx'), 'ApproveClaimsPage'),
  'claim/merge': menuPage(() => import('./pages/merge-claims-page.tsx'), 'MergeClaimsPage'),
  'claim/all': menuPage(() => import('./pages/all-claims-page.tsx'), 'AllClaimsPage'),
  'supplier/claims': menuPage(() => import('./pages/supplier-claims-page.tsx'), 'SupplierClaimsPage'),
};
