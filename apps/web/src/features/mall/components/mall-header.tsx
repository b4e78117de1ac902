import { DashboardOutlined, LoginOutlined, LogoutOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Layout, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { APP_NAME } from '../../../lib/route-meta.ts';
import { getPendingLogin, homePath, isLoggedIn, LOGIN_PATH } from '../../../lib/session.ts';
import { useUserAllInfo } from '../../../lib/session-queries.ts';
import { signOut } from '../../../lib/sign-out.ts';
import { useCartCount } from '../api/use-cart-queries.ts';
import { BIG_MALL, CART_PATH, MALL_HOME } from '../mall-paths.ts';
import { useIsShopper } from '../shopper.ts';
import { SearchBox } from './search-box.tsx';

function CartButton() {
  const { data: count = 0 } = useCartCount();
  return (
    <Link to={CART_PATH}>
      <Badge count={count} title={String(count)} overflowCount={99} data-testid="cart-badge">
        <Button icon={<ShoppingCartOutlined />} size="large">
          购物车
        </Button>
      </Badge>
    </Link>
  );
}

function UserCorner() {
  const { data: info } = useUserAllInfo();
  const user = info?.user;
  return (
    <Space size="small">
      <Link to={homePath()}>
        <Button icon={<DashboardOutlined />} type="text">
          控制台
        </Button>
      </Link>
      {user && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          <UserOutlined /> {user.realName || user.nick || user.userName}
        </Typography.Text>
      )}
      <Button icon={<LogoutOutlined />} type="text" onClick={() => void signOut()}>
        退出
      </Button>
    </Space>
  );
}

/** Header of every mall page: name, search with suggestions, cart badge, console link. */
export function MallHeader() {
  const loggedIn = isLoggedIn() && !getPendingLogin();
  const shopper = useIsShopper();
  return (
    <Layout.Header style={{ height: 'auto', lineHeight: 'normal', background: '#fff', padding: 0, boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)' }}>
      <Flex align="center" gap={24} style={{ width: 1200, maxWidth: '100%', margin: '0 auto', padding: '16px' }}>
        <Link to={MALL_HOME} style={{ flex: 'none' }}>
          <Typography.Title level={3} style={{ margin: 0, color: '#796AEE', whiteSpace: 'nowrap' }}>
            {APP_NAME}
          </Typography.Title>
        </Link>
        <Space size="small" style={{ flex: 'none' }}>
          <Link to={MALL_HOME}>首页</Link>
          <Link to={BIG_MALL}>商城</Link>
        </Space>
        <div style={{ flex: 1, minWidth: 240 }}>
          <SearchBox />
        </div>
        {loggedIn ? (
          <Flex align="center" gap={12} style={{ flex: 'none' }}>
            {shopper && <CartButton />}
            <UserCorner />
          </Flex>
        ) : (
          <Link to={LOGIN_PATH}>
            <Button type="primary" icon={<LoginOutlined />} size="large">
              登录
            </Button>
          </Link>
        )}
      </Flex>
    </Layout.Header>
  );
}
