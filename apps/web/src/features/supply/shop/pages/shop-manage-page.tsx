import { Tabs } from 'antd';
import { PageFlagsContext, usePageFlags } from '../../../../components/page-flags.tsx';
import { PageFrame } from '../../../../components/page-frame.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { BannersTab } from '../components/banners-tab.tsx';
import { NoticesTab } from '../components/notices-tab.tsx';
import { ProfileTab } from '../components/profile-tab.tsx';
import { SectionsTab } from '../components/sections-tab.tsx';

/**
 * 店铺管理 (supplier portal): the shop's profile, sections, banners and notices. Every submission
 * is reviewed by the platform; what was approved keeps showing to buyers meanwhile.
 */
export function ShopManagePage({ entry, home }: MenuPageProps) {
  const flags = usePageFlags(entry);
  return (
    <PageFrame title={entry.name} parents={entry.parents} home={home}>
      <PageFlagsContext.Provider value={flags}>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'profile', label: '店铺信息', children: <ProfileTab /> },
            { key: 'section', label: '栏目', children: <SectionsTab flags={flags} /> },
            { key: 'banner', label: '横幅', children: <BannersTab flags={flags} /> },
            { key: 'notice', label: '公告', children: <NoticesTab flags={flags} /> },
          ]}
        />
      </PageFlagsContext.Provider>
    </PageFrame>
  );
}
