import { type FeatureRoutes, page } from '../../../lib/lazy-page.tsx';

export const routes: FeatureRoutes = () => [
  { path: '/cassSupplierRegister', ...page(() => import('./pages/supplier-register-page.tsx'), 'SupplierRegisterPage') },
];
