import { DashboardOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Badge, Button, Space } from 'antd';
import { Link } from 'react-router';
import { HeaderAccount, HeaderLink, SiteHeader } from '../../../../components/site-header.tsx';
import { homePath } from '../../../../lib/session.ts';
import { useCartCount } from '../api/use-cart-queries.ts';
import { BIG_MALL, CART_PATH, MALL_HOME } from '../mall-paths.ts';
import { useIsShopper } from '../shopper.ts';
import { SearchBox } from './search-box.tsx';

function CartButton() {
  const { data: count = 0 } = useCartCount();
  return (
    <Link to={CART_PATH}>
      <Badge count={count} title={String(count)} overflowCount={99} data-testid="cart-badge">
        <Button icon={<ShoppingCartOutlined />}>购物车</Button>
      </Badge>
    </Link>
  );
}

/** Header of every mall page: the shared site header with the search, the cart badge and 控制台. */
export function MallHeader() {
  const shopper = useIsShopper();
  return (
    <SiteHeader home={MALL_HOME}>
      <Space size="middle" style={{ flex: 'none' }}>
        <Link to={MALL_HOME}>首页</Link>
        <Link to={BIG_MALL}>商城</Link>
      </Space>
      <div style={{ flex: 1, minWidth: 240 }}>
        <SearchBox />
      </div>
      <HeaderAccount
        links={
          <>
            {shopper && <CartButton />}
            <HeaderLink icon={<DashboardOutlined />} to={homePath()}>
              控制台
            </HeaderLink>
          </>
        }
      />
    </SiteHeader>
  );
}
