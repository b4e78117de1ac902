import { ShoppingCartOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { hasPerm, PERM } from '../../../lib/access.ts';
import { useUserAllInfo } from '../../auth/api/use-auth-queries.ts';
import { useCartCount } from '../api/dashboard-api.ts';
import { NoticeCard } from '../components/notice-card.tsx';
import { UnitSwitcher } from '../components/unit-switcher.tsx';
import { WelcomeCard } from '../components/welcome-card.tsx';
import { currentUnitName } from '../current-unit.ts';

/** 控制台 of buyers and platform administrators: who, which unit, notices (type 2), cart count. */
export function BuyerDashboardPage() {
  const { data: info } = useUserAllInfo();
  const canBuy = hasPerm(info, PERM.ORDER_BUY);
  const cart = useCartCount(canBuy);
  if (!info) return null;
  const { user } = info;
  return (
    <Flex vertical gap={16}>
      <WelcomeCard info={info} currentUnit={currentUnitName(info)} extra={<UnitSwitcher currentDept={user.currentDept} />} />
      <Row gutter={16}>
        {canBuy && (
          <Col xs={24} sm={8}>
            <Card>
              <Statistic
                title={<Link to="/cart">购物车商品</Link>}
                prefix={<ShoppingCartOutlined />}
                value={cart.data ?? 0}
                loading={cart.isLoading}
                suffix="种"
                data-testid="cart-count"
              />
            </Card>
          </Col>
        )}
        <Col xs={24} sm={canBuy ? 8 : 12}>
          <Card>
            <Statistic title="所属单位数" value={user.deptVOList.length} />
          </Card>
        </Col>
        <Col xs={24} sm={canBuy ? 8 : 12}>
          <Card>
            <Statistic title="可用功能菜单" value={info.menuVOList.length} />
          </Card>
        </Col>
      </Row>
      <NoticeCard type={2} />
    </Flex>
  );
}
