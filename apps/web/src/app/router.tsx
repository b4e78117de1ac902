import { createBrowserRouter } from 'react-router';
import { mallRoutes } from '../features/mall/mall-routes.tsx';
import { ordersRoutes } from '../features/orders/orders-routes.tsx';
import { registerNavigator } from '../lib/navigation.ts';
import { setGuardRoutes } from './guard-loader.ts';
import { appRoutes } from './routes.tsx';

/** The route table lives in routes.tsx; each feature's routes are spread in here. */
const routes = appRoutes([...ordersRoutes, ...mallRoutes]);

setGuardRoutes(routes);

export const router = createBrowserRouter(routes);

registerNavigator((to, options) => {
  void router.navigate(to, options);
});
