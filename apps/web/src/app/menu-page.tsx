import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { useUserAllInfo } from '../features/auth/api/use-auth-queries.ts';
import { NotFoundPage } from '../features/exception/pages/not-found-page.tsx';
import { FramePage } from '../features/menu-frame/components/frame-page.tsx';
import { FRAMES, genericFrame } from '../features/menu-frame/frames.ts';
import { homePathFor } from '../lib/session.ts';
import { findMenuEntry } from './menu-entries.ts';
import { MENU_PAGES } from './menu-pages.ts';
import { PageLoading } from './page-loading.tsx';

/** A page reached through the user's menus or modules: its own page if this client has one, else its frame. */
export function MenuPage() {
  const { pathname } = useLocation();
  const { data: info } = useUserAllInfo();
  if (!info) return <PageLoading fullScreen={false} />;
  const entry = findMenuEntry(info, pathname);
  if (!entry) return <NotFoundPage />;
  const home = homePathFor(info.user.accountType);
  const Page = entry.component ? MENU_PAGES[entry.component] : undefined;
  if (Page) {
    return (
      <Suspense fallback={<PageLoading fullScreen={false} />}>
        <Page key={entry.path} entry={entry} home={home} />
      </Suspense>
    );
  }
  const spec = (entry.component && FRAMES[entry.component]) || genericFrame(entry.name);
  return <FramePage key={entry.path} spec={{ ...spec, title: entry.name }} parents={entry.parents} home={home} />;
}
