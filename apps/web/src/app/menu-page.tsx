import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { NotFoundPage } from '../features/workspace/exception/index.ts';
import { findMenuEntry } from '../lib/menu-entries.ts';
import { homePathFor } from '../lib/session.ts';
import { useUserAllInfo } from '../lib/session-queries.ts';
import { composeMenuPages } from './menu-pages.ts';
import { PageLoading } from './page-loading.tsx';
import { UnavailablePage } from './unavailable-page.tsx';

const MENU_PAGES = composeMenuPages();

/** A page reached through the user's menus or modules: its own page if this client has one, else a plain notice. */
export function MenuPage() {
  const { pathname } = useLocation();
  const { data: info } = useUserAllInfo();
  if (!info) return <PageLoading fullScreen={false} />;
  const entry = findMenuEntry(info, pathname);
  if (!entry) return <NotFoundPage />;
  const home = homePathFor(info.user.accountType);
  const Page = (entry.component && MENU_PAGES[entry.component]) || UnavailablePage;
  return (
    <Suspense fallback={<PageLoading fullScreen={false} />}>
      <Page key={entry.path} entry={entry} home={home} />
    </Suspense>
  );
}
