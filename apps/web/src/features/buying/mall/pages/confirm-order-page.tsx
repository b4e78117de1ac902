import type { ConfirmVO } from '@kc/contracts/buying/mall';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { DuplicatePurchaseHintSlot } from '../../../../components/feature-slots.tsx';
import { AddressPicker } from '../components/address-picker.tsx';
import { AgentBuyerSelect } from '../components/agent-buyer-select.tsx';
import { ApprovalPreview } from '../components/approval-preview.tsx';
import { ConfirmGroupCard } from '../components/confirm-group-card.tsx';
import { BuyTipsCard, SubmitBar, SupplyAreaAlert } from '../components/confirm-order-parts.tsx';
import { GrantCardSelect } from '../components/grant-card-select.tsx';
import { HazardNotice } from '../components/hazard-notice.tsx';
import { type ConfirmOrderModel, useConfirmOrder } from '../components/use-confirm-order.ts';
import { lineOf, submitBlockers } from '../confirm-order-state.ts';
import { CART_PATH } from '../mall-paths.ts';

/** /confirmOrder: the buyer (an assistant's 代下单), address, lines per supplier with delivery fees and remarks, buy tips, hazard notice, submission. */
export function ConfirmOrderPage() {
  const navigate = useNavigate();
  const m = useConfirmOrder();
  const data = m.confirm.data;
  if (!m.source) {
    return <Result status="warning" title="没有要结算的商品" extra={<Button onClick={() => navigate(CART_PATH)}>返回购物车</Button>} />;
  }
  if (m.confirm.isError && !data) {
    return (
      <Result
        status="warning"
        title="无法结算"
        subTitle={m.confirm.error.message || '所选商品已变化，请返回购物车重新选择'}
        extra={<Button onClick={() => navigate(CART_PATH)}>返回购物车</Button>}
      />
    );
  }
  if (!data)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return <ConfirmOrderView m={m} data={data} />;
}

function ConfirmOrderView({ m, data }: { m: ConfirmOrderModel; data: ConfirmVO }) {
  const blockers = submitBlockers({ ...data, addressId: m.addressId, hazardConfirmed: m.hazardConfirmed, lines: m.lines, chosen: m.budgetLines });
  const violations = m.supplyArea.data?.violations ?? [];
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        确认订单
      </Typography.Title>
      <AgentBuyerSelect value={m.buyerId} onChange={m.setBuyerId} />
      <GrantCardSelect value={m.grantCardId} onChange={m.chooseCard} orderTotal={data.totalAmount} forOther={m.buyerId !== undefined} />
      <AddressPicker value={m.addressId} onChange={m.setChosenAddress} />
      {violations.length > 0 && <SupplyAreaAlert violations={violations} />}
      {data.groups.map((g) => (
        <ConfirmGroupCard
          key={g.supplierId}
          group={g}
          remark={m.remarks[String(g.supplierId)] ?? ''}
          onRemark={(v) => m.setRemark(g.supplierId, v)}
          lines={m.lines}
          line={lineOf(g, m.lines, m.budgetLines)}
          onLine={(id) => m.setBudgetLine(g.supplierId, id)}
        />
      ))}
      {data.buyTips.length > 0 && <BuyTipsCard tips={data.buyTips} />}
      <DuplicatePurchaseHintSlot lines={data.groups.flatMap((g) => g.lines.map((l) => ({ itemId: l.itemId, name: l.name })))} />
      <ApprovalPreview approval={data.approval} />
      {data.hasHazard && <HazardNotice confirmed={m.hazardConfirmed} onChange={m.setHazardConfirmed} />}
      <SubmitBar
        data={data}
        blocker={blockers[0] ?? ''}
        canSubmit={blockers.length === 0 && !m.confirm.isFetching}
        pending={m.submit.isPending}
        onSubmit={() => m.submit.mutate()}
      />
    </Flex>
  );
}
