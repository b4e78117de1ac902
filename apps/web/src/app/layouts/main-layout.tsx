import { QuestionCircleOutlined, ShopOutlined } from '@ant-design/icons';
import type { MenuVO, UserAllInfo } from '@kc/contracts/identity/uac';
import { Perm } from '@kc/contracts/platform/permissions';
import { ConfigProvider, Layout, Menu, type MenuProps } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { HeaderAccount, HeaderLink, SiteHeader } from '../../components/site-header.tsx';
import { WarningBadge } from '../../features/oversight/warnings/index.ts';
import { hasPerm } from '../../lib/access.ts';
import { APP_NAME } from '../../lib/route-meta.ts';
import { ACCOUNT_TYPE, homePathFor } from '../../lib/session.ts';
import { useUserAllInfo } from '../../lib/session-queries.ts';
import { helpWindow } from '../../shell/help-window-store.ts';
import '../../lib/dayjs-locale.ts';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * Narrower items than antd’s 20 px each side (8 px): a supplier has eleven top entries (docs/domains/platform.md#menu-pages gives
 * suppliers flat modules), and at 1366 px the last ones would fold into the overflow “···”.
 */
const TOP_MENU_THEME = { components: { Menu: { itemPaddingInline: 8 } } };

/**
 * Supplier modules shown together under one top entry (the modules stay flat in the data, docs/domains/platform.md#menu-pages),
 * each group what one clerk does in one sitting: the money side (财务开票), the answers to buyers after
 * delivery (售后, 投诉, 评价: customer service), technical services, the company's own papers and
 * accounts, and prices with the customers they are agreed with. Twenty flat entries do not fit a
 * 1366 px header; grouped, a supplier administrator has eleven.
 */
const SUPPLIER_MENU_GROUPS = [
  { label: '财务结算', paths: ['/cassSupplier/invoice', '/cassSupplier/claim', '/cassSupplier/statement'] },
  { label: '售后服务', paths: ['/cassSupplier/afterSale', '/cassSupplier/complaint', '/cassSupplier/comment'] },
  { label: '技术服务', paths: ['/cassSupplier/tsItem', '/cassSupplier/tsRequest'] },
  { label: '企业资料', paths: ['/cassSupplier/qualification', '/cassSupplier/contract', '/cassSupplier/childUser'] },
  { label: '价格与客户', paths: ['/cassSupplier/deptDiscount', '/cassSupplier/deliveryFee', '/cassSupplier/interfaceData'] },
];

/** A supplier's modules as top entries, those of a group under one entry when the account has two or more of them. */
export function supplierMenuItems(modules: { path: string | null; label: string }[], home: string): MenuItem[] {
  const items: MenuItem[] = [];
  modules.forEach((m, index) => {
    if (m.path === home) return;
    const group = SUPPLIER_MENU_GROUPS.find((g) => m.path && g.paths.includes(m.path));
    const members = group ? modules.filter((x) => x.path && group.paths.includes(x.path)) : [];
    if (!group || members.length < 2) {
      items.push({ key: m.path ?? `module-${index}`, label: m.label });
      return;
    }
    // the group stands where its first member would
    if (members[0] !== m) return;
    items.push({ key: `group-${group.label}`, label: group.label, children: members.map((x) => ({ key: x.path as string, label: x.label })) });
  });
  return items;
}

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

/** Top-menu items: menuVOList for the buyer/platform side, modules for suppliers (docs/domains/platform.md#menu-pages). */
export function buildMenuItems(info: UserAllInfo): MenuItem[] {
  const home = homePathFor(info.user.accountType);
  const items: MenuItem[] = [{ key: home, label: '控制台' }];
  if (info.user.accountType === ACCOUNT_TYPE.SUPPLIER) {
    items.push(
      ...supplierMenuItems(
        info.modules.map((m) => ({ path: normalisePath(m.modulePath), label: m.moduleName })),
        home,
      ),
    );
  } else {
    const menus = info.menuVOList.filter((menu) => normalisePath(menu.path) !== home);
    // the platform admin holds every menu; their own work (系统管理) comes first, before the overflow
    if (info.user.accountType === ACCOUNT_TYPE.ADMIN) menus.sort((a, b) => Number(b.name === '系统管理') - Number(a.name === '系统管理'));
    for (const menu of menus) items.push(fromMenuVO(menu));
  }
  return items;
}

/** Top-menu layout with a fixed content width (docs/domains/platform.md#layout). */
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
              {hasPerm(info, Perm.WARNING_VIEW) && <WarningBadge />}
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
