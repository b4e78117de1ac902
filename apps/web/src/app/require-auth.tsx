import { Outlet } from 'react-router';
import { FeatureSlotsProvider } from '../components/feature-slots.tsx';
import { NotFoundPage } from '../features/workspace/exception/index.ts';
import { getPendingLogin, isLoggedIn } from '../lib/session.ts';
import { useUserAllInfo } from '../lib/session-queries.ts';
import { FEATURE_SLOTS } from './feature-slots.tsx';
import { PageLoading } from './page-loading.tsx';

/**
 * The gate of a logged-in section. The navigation guard (guard-loader.ts) has already decided
 * who may be here; what is left: a visitor without a session reaches a section only through its
 * catch-all (an unknown page, shown as 404 in place), and the user data must be loaded. Its pages
 * get the features' slots filled (feature-slots.tsx): every page that shows one needs a session.
 */
export function RequireAuth(_props: { userType?: 1 | 2 }) {
  const { data: info } = useUserAllInfo();
  if (!isLoggedIn() || getPendingLogin()) return <NotFoundPage />;
  if (!info) return <PageLoading />;
  return (
    <FeatureSlotsProvider value={FEATURE_SLOTS}>
      <Outlet />
    </FeatureSlotsProvider>
  );
}
