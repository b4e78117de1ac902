import { QuestionCircleOutlined, ShopOutlined } from '@ant-design/icons';
import { Perm } from '@kc/contracts/permissions';
import type { MenuVO, UserAllInfo } from '@kc/contracts/uac';
import { ConfigProvider, Layout, Menu, type MenuProps } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { HeaderAccount, HeaderLink, SiteHeader } from '../../components/site-header.tsx';
import { hasPerm } from '../../lib/access.ts';
import { APP_NAME } from '../../lib/route-meta.ts';
import { ACCOUNT_TYPE, homePathFor } from '../../lib/session.ts';
import { useUserAllInfo } from '../../lib/session-queries.ts';
import { helpWindow } from '../../shell/help-window-store.ts';
import '../../lib/dayjs-locale.ts';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * Narrower items than antd’s 20 px each side (10 px): a supplier has eleven top entries (SPEC.md §2 gives
 * suppliers flat modules), and at 1366 px the last ones would fold into the overflow “···”.
 */
const TOP_MENU_THEME = { components: { Menu: { itemPaddingInline: 10 } } };

function normalisePath(path: string | null | undefined): string | null {
  const trimmed = path?.trim();
  if (!trimmed) return null;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function fromMenuVO(menu: MenuVO): MenuItem {
  const path = normalisePath(menu.path);
  const children = menu.child?.length ? menu.child.map(fromMenuVO) : undefined;
  const key = path ?? `menu-${menu.id}`;
  return children ? { key, label: menu.name, children } : { key, label: menu.name };
}

/** Top-menu items: menuVOList for the buyer/platform side, modules for suppliers (SPEC.md §2). */
export function buildMenuItems(info: UserAllInfo): MenuItem[] {
  const home = homePathFor(info.user.accountType);
  const items: MenuItem[] = [{ key: home, label: '控制台' }];
  if (info.user.accountType === ACCOUNT_TYPE.SUPPLIER) {
    info.modules.forEach((m, index) => {
      const path = normalisePath(m.modulePath);
      if (path !== home) items.push({ key: path ?? `module-${index}`, label: m.moduleName });
    });
  } else {
    for (const menu of info.menuVOList) {
      if (normalisePath(menu.path) !== home) items.push(fromMenuVO(menu));
    }
  }
  return items;
}

/** Top-menu layout with a fixed content width (SPEC.md §9). */
export function MainLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const { data: info } = useUserAllInfo();
  if (!info) return null;
  const { user } = info;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SiteHeader home={homePathFor(user.accountType)} fluid>
        <ConfigProvider theme={TOP_MENU_THEME}>
          <Menu
            mode="horizontal"
            items={buildMenuItems(info)}
            selectedKeys={[location.pathname]}
            onClick={({ key }) => {
              if (key.startsWith('/')) navigate(key);
            }}
            style={{ flex: 1, minWidth: 0, borderBottom: 'none', lineHeight: '62px' }}
          />
        </ConfigProvider>
        <HeaderAccount
          links={
            <>
              {/* whoever may buy reaches the mall from the console (the mall's header leads back to 控制台) */}
              {hasPerm(info, Perm.ORDER_BUY) && (
                <HeaderLink icon={<ShopOutlined />} to="/" testId="header-mall">
                  商城
                </HeaderLink>
              )}
              <HeaderLink icon={<QuestionCircleOutlined />} onClick={helpWindow.toggle} testId="header-help">
                帮助中心
              </HeaderLink>
            </>
          }
        />
      </SiteHeader>
      <Layout.Content style={{ width: 1200, maxWidth: '100%', margin: '24px auto', padding: '0 16px' }}>
        <Outlet />
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', color: '#999' }}>{APP_NAME} · 科研院所试剂耗材采购</Layout.Footer>
    </Layout>
  );
}
