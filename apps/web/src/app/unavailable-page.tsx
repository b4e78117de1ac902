import { Result } from 'antd';
import { PageFrame } from '../components/page-frame.tsx';
import type { MenuPageProps } from '../lib/menu-entries.ts';

/**
 * A menu entry whose page this client does not have yet: its title and breadcrumb and one plain
 * notice, nothing that could pass for a working page.
 */
export function UnavailablePage({ entry, home }: MenuPageProps) {
  return (
    <PageFrame title={entry.name} parents={entry.parents} home={home}>
      <Result status="info" title="本功能暂未开放" data-testid="unavailable-page" />
    </PageFrame>
  );
}
