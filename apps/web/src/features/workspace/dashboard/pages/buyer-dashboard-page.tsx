import { ShoppingCartOutlined } from '@ant-design/icons';
import { Perm } from '@kc/contracts/platform/permissions';
import { Card, Flex, Statistic } from 'antd';
import { Link } from 'react-router';
import { hasPerm } from '../../../../lib/access.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { useCartCount } from '../api/dashboard-api.ts';
import { NoticeCard } from '../components/notice-card.tsx';
import { RecentOrdersCard } from '../components/recent-orders-card.tsx';
import { TodoTiles } from '../components/todo-tiles.tsx';
import { UnitSwitcher } from '../components/unit-switcher.tsx';
import { WelcomeCard } from '../components/welcome-card.tsx';
import { currentUnitName } from '../current-unit.ts';
import { todoItems } from '../todo-items.ts';
import { todoRoles } from '../todo-roles.ts';

/**
 * 控制台 of buyers, approvers, checkers, institutes and platform administrators: who and which unit,
 * what waits for each of the caller's roles (counts opening the filtered lists), the cart and the
 * latest orders for buyers, and the notices (type 2).
 */
export function BuyerDashboardPage() {
  const { data: info } = useUserAllInfo();
  const canBuy = info?.user.accountType === 1 && hasPerm(info, Perm.ORDER_BUY);
  const cart = useCartCount(canBuy);
  if (!info) return null;
  const { user } = info;
  return (
    <Flex vertical gap={16}>
      <WelcomeCard
        info={info}
        currentUnit={currentUnitName(info)}
        extra={
          // nothing to show (the platform admin neither buys nor switches units): no empty card header
          (canBuy || user.accountType !== 0) && (
            <Flex gap={24} align="center">
              {canBuy && (
                <Link to="/cart">
                  <Statistic
                    title="购物车"
                    prefix={<ShoppingCartOutlined />}
                    value={cart.data ?? 0}
                    loading={cart.isLoading}
                    suffix="种"
                    data-testid="cart-count"
                  />
                </Link>
              )}
              {user.accountType !== 0 && <UnitSwitcher currentDept={user.currentDept} />}
            </Flex>
          )
        }
      />
      <TodoTiles items={todoItems(todoRoles(info))} />
      {canBuy && <RecentOrdersCard />}
      {!canBuy && todoItems(todoRoles(info)).length === 0 && <Card size="small">您当前没有待处理的事项。可通过左侧菜单进入各项功能。</Card>}
      <NoticeCard type={2} />
    </Flex>
  );
}
