import { Button, Flex, Layout, Space, Typography } from 'antd';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { APP_NAME } from '../../lib/route-meta.ts';
import { getPendingLogin, homePath, isLoggedIn } from '../../lib/session.ts';
import { signOut } from '../../lib/sign-out.ts';
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
  const navigate = useNavigate();
  const loggedIn = isLoggedIn() && !getPendingLogin();
  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f6fa' }}>
      <Layout.Header style={{ background: '#fff', boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)', padding: 0 }}>
        <Flex align="center" gap={32} style={{ width: 1200, maxWidth: '100%', margin: '0 auto', padding: '0 16px', height: '100%' }}>
          <Link to="/">
            <Typography.Title level={4} style={{ margin: 0, color: '#796AEE', whiteSpace: 'nowrap' }}>
              {APP_NAME}
            </Typography.Title>
          </Link>
          <nav aria-label="站点导航" style={{ flex: 1, display: 'flex', gap: 24 }}>
            {NAV.map((n) => (
              <NavLink
                key={n.to}
                to={n.to}
                end
                style={({ isActive }) => ({ color: isActive ? '#796AEE' : 'rgba(0,0,0,0.88)', fontWeight: isActive ? 600 : 400 })}
              >
                {n.label}
              </NavLink>
            ))}
          </nav>
          {loggedIn ? (
            <Space>
              <Button type="primary" onClick={() => navigate(homePath())}>
                进入控制台
              </Button>
              <Button onClick={() => void signOut()}>退出登录</Button>
            </Space>
          ) : (
            <Space>
              <Button type="primary" onClick={() => navigate('/login')}>
                登录
              </Button>
              <Button onClick={() => navigate('/cassSupplierRegister')}>供应商注册</Button>
            </Space>
          )}
        </Flex>
      </Layout.Header>
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
