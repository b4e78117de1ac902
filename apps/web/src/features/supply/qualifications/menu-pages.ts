import { type MenuPages, menuPage } from '../../../lib/lazy-page.tsx';

/** This feature's pages for the `component` names of the server's menus and modules (app/menu-pages.ts). */
export const menuPages: MenuPages = {
  'supplier/qualification': menuPage(() => import('./pages/supplier-qualifications-page.tsx'), 'SupplierQualificationsPage'),
  'system/qualification-review': menuPage(() => import('./pages/qualification-review-page.tsx'), 'QualificationReviewPage'),
};
