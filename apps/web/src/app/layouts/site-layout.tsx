import { DashboardOutlined } from '@ant-design/icons';
import { Layout, Space } from 'antd';
import { Link, NavLink, Outlet } from 'react-router';
import { BRAND_COLOUR, HeaderAccount, HeaderLink, SiteHeader } from '../../components/site-header.tsx';
import { APP_NAME } from '../../lib/route-meta.ts';
import { homePath } from '../../lib/session.ts';
import '../../lib/dayjs-locale.ts';

const NAV = [
  { to: '/', label: '首页' },
  { to: '/techService', label: '技术服务' },
  { to: '/bid', label: '招标采购' },
  { to: '/notice', label: '平台公告' },
  { to: '/download', label: '下载中心' },
];

/** Header and footer of the public pages and of the logged-in pages without menus. */
export function SiteLayout() {
  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f6fa' }}>
      <SiteHeader home="/">
        <nav aria-label="站点导航" style={{ flex: 1, display: 'flex', gap: 24 }}>
          {NAV.map((n) => (
            <NavLink
              key={n.to}
              to={n.to}
              end
              style={({ isActive }) => ({ color: isActive ? BRAND_COLOUR : 'rgba(0,0,0,0.88)', fontWeight: isActive ? 600 : 400 })}
            >
              {n.label}
            </NavLink>
          ))}
        </nav>
        <HeaderAccount
          links={
            <HeaderLink icon={<DashboardOutlined />} to={homePath()}>
              控制台
            </HeaderLink>
          }
        />
      </SiteHeader>
      <Layout.Content style={{ width: 1200, maxWidth: '100%', margin: '24px auto', padding: '0 16px' }}>
        <Outlet />
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}

export function SiteFooter() {
  return (
    <Layout.Footer style={{ textAlign: 'center', color: '#999' }}>
      <Space separator="|" wrap style={{ justifyContent: 'center' }}>
        <Link to="/CassLoginPrivacyPolicy">隐私政策</Link>
        <Link to="/platform/cass_secret_service_show">平台服务协议</Link>
        <Link to="/download">下载中心</Link>
        <Link to="/notice">平台公告</Link>
      </Space>
      <div style={{ marginTop: 8 }}>{APP_NAME} · 科研院所试剂耗材采购</div>
    </Layout.Footer>
  );
}
