import { page } from '../../../lib/lazy-page.tsx';

/**
 * The sheet of a docs/domains/platform.md#route-classes print page that has no page of its own yet: the app mounts it on every
 * print path (app/routes.tsx), after the features' routes, so a feature's real print page wins.
 */
export const printFrame = page(() => import('./pages/print-frame-page.tsx'), 'PrintFramePage');
