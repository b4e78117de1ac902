import { Card, Col, Flex, Row, Statistic, Tag } from 'antd';
import { Link } from 'react-router';
import { money } from '../../../../lib/format.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { ContractStateCard } from '../../../supply/agreements/index.ts';
import { monthStart, useSupplierMonth } from '../api/todo-api.ts';
import { NoticeCard } from '../components/notice-card.tsx';
import { TodoTiles } from '../components/todo-tiles.tsx';
import { WelcomeCard } from '../components/welcome-card.tsx';
import { currentUnitName } from '../current-unit.ts';
import { todoItems } from '../todo-items.ts';
import { todoRoles } from '../todo-roles.ts';

/** 控制台 of suppliers: orders to confirm and to ship, this month's orders and amount, modules, notices for suppliers (type 3). */
export function SupplierDashboardPage() {
  const { data: info } = useUserAllInfo();
  const month = useSupplierMonth();
  if (!info) return null;
  return (
    <Flex vertical gap={16}>
      <WelcomeCard info={info} currentUnit={currentUnitName(info)} />
      <TodoTiles items={todoItems(todoRoles(info))} />
      <ContractStateCard state={info.supplierContract} />
      <Card title="本月订单" size="small" extra={<Link to={`/cassSupplier/order?tab=all&dateFrom=${monthStart()}`}>查看本月订单</Link>}>
        <Row gutter={16}>
          <Col span={12}>
            <Statistic title="子订单数" value={month.data?.total ?? 0} loading={month.isLoading} suffix="单" data-testid="month-orders" />
          </Col>
          <Col span={12}>
            <Statistic title="订单金额" value={money(month.data?.totalAmount ?? 0)} loading={month.isLoading} data-testid="month-amount" />
          </Col>
        </Row>
      </Card>
      <Card title="已开通的功能模块" size="small">
        {info.modules.length ? (
          <Flex wrap gap={8}>
            {info.modules.map((m) => (
              <Tag key={m.moduleName} color="purple">
                {m.moduleName}
              </Tag>
            ))}
          </Flex>
        ) : (
          '暂无已开通的功能模块，请联系平台管理员开通。'
        )}
      </Card>
      <NoticeCard type={3} />
    </Flex>
  );
}
