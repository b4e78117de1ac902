import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { APP_NAME } from '../../../../lib/route-meta.ts';
import { MallHeader } from './mall-header.tsx';

/** Frame of the mall pages (public and logged-in): the mall header, a fixed-width content area, a footer. */
export function MallLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <MallHeader />
      <Layout.Content style={{ width: 1200, maxWidth: '100%', margin: '16px auto', padding: '0 16px' }}>
        <Outlet />
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', color: '#999' }}>{APP_NAME} · 科研院所试剂耗材采购</Layout.Footer>
    </Layout>
  );
}
