import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLoaderData, useLocation, useNavigation } from 'react-router';
import { withChunkTimeout } from '../lib/chunk-load.ts';
import { getPendingLogin, isLoggedIn } from '../lib/session.ts';
import { progress } from '../shell/progress.ts';
import { ProgressBar } from '../shell/progress-bar.tsx';
import { useDeptSync } from '../shell/use-dept-sync.ts';
import { useIdleLogout } from '../shell/use-idle-logout.ts';
import { type GuardData, notePreviousPath } from './guard-loader.ts';

// The shell tools (watermark, help window, default-unit dialog) show nothing without a session:
// they are loaded once a user is logged in, keeping them out of the login page's entry (bench:web).
const ShellTools = lazy(withChunkTimeout(() => import('../shell/shell-tools.tsx').then((m) => ({ default: m.ShellTools }))));

/** Step 11 of the guard: once a navigation has settled, loading stops, the title is set and the bar ends. */
function useNavigationSettled(title: string | undefined) {
  const navigation = useNavigation();
  const location = useLocation();
  useEffect(() => {
    if (navigation.state === 'idle') progress.done();
  }, [navigation.state]);
  useEffect(() => {
    if (title) document.title = title;
    notePreviousPath(location.pathname);
  }, [title, location.pathname]);
}

export function RootLayout() {
  const data = useLoaderData() as GuardData | undefined;
  useNavigationSettled(data?.title);
  useIdleLogout();
  useDeptSync();
  return (
    <>
      <ProgressBar />
      <Outlet />
      {isLoggedIn() && !getPendingLogin() && (
        <Suspense fallback={null}>
          <ShellTools />
        </Suspense>
      )}
    </>
  );
}
