import type { SupplierContractState } from '@kc/contracts/supply/agreements';
import { Alert, Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router';

/** The supplier dashboard's contract state (the session's "supplier contract"): in force, expiring soon, waiting for signature. */
export function ContractStateCard({ state }: { state: SupplierContractState | undefined }) {
  if (!state) return null;
  const none = state.activeCount === 0;
  return (
    <Card title="供货合同" size="small" extra={<Link to="/cassSupplier/contract">合同管理</Link>} data-testid="contract-state-card">
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title="生效中" value={state.activeCount} suffix="份" />
        </Col>
        <Col span={8}>
          <Statistic title="30 天内到期" value={state.expiringCount} suffix="份" valueStyle={state.expiringCount ? { color: '#d46b08' } : undefined} />
        </Col>
        <Col span={8}>
          <Statistic title="待平台签署" value={state.pendingCount} suffix="份" />
        </Col>
      </Row>
      {none && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          message="没有生效中的供货合同：采购人看不到您的商品，也不能下单。请在合同管理中新增或续签合同。"
        />
      )}
      {!none && state.nearest && state.nearest.daysLeft <= 30 && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message={`与${state.nearest.instituteName}的合同将于 ${state.nearest.endDate} 到期（剩 ${state.nearest.daysLeft} 天），请及时续签。`}
          data-testid="contract-expiring"
        />
      )}
    </Card>
  );
}
