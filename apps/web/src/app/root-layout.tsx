import { useEffect } from 'react';
import { Outlet, useLoaderData, useLocation, useNavigation } from 'react-router';
import { progress } from '../shell/progress.ts';
import { ProgressBar } from '../shell/progress-bar.tsx';
import { ShellTools } from '../shell/shell-tools.tsx';
import { useDeptSync } from '../shell/use-dept-sync.ts';
import { useIdleLogout } from '../shell/use-idle-logout.ts';
import { type GuardData, notePreviousPath } from './guard-loader.ts';

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
      <ShellTools />
    </>
  );
}
