import { createBrowserRouter } from 'react-router';
import { registerNavigator } from '../lib/navigation.ts';
import { setGuardRoutes } from './guard-loader.ts';
import { appRoutes } from './routes.tsx';

/** The route table is composed in routes.tsx from every feature's routes.tsx (features.ts). */
const routes = appRoutes();

setGuardRoutes(routes);

export const router = createBrowserRouter(routes);

registerNavigator((to, options) => {
  void router.navigate(to, options);
});
