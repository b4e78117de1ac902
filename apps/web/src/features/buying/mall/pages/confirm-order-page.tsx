import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Flex, Input, Result, Select, Skeleton, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DuplicatePurchaseHintSlot } from '../../../../components/feature-slots.tsx';
import { HazardTags } from '../../../supply/catalog/index.ts';
import { mallKeys } from '../api/mall-query-keys.ts';
import { type ConfirmGroup, type ConfirmLine, type CreatedOrderVO, cartConfirm, createOrder, detailConfirm, validateSupplyArea } from '../api/order-api.ts';
import { AddressPicker } from '../components/address-picker.tsx';
import { AgentBuyerSelect } from '../components/agent-buyer-select.tsx';
import { ApprovalPreview } from '../components/approval-preview.tsx';
import { type ChosenCardLine, GrantCardSelect } from '../components/grant-card-select.tsx';
import { HazardNotice } from '../components/hazard-notice.tsx';
import { formatYuan, PriceText } from '../components/price-text.tsx';
import { newIdempotencyKey } from '../idempotency-key.ts';
import { CART_PATH, idListParam, idParam, itemPath } from '../mall-paths.ts';
import { successOrderPath } from '../success-order-state.ts';

/** Where the lines come from: chosen cart lines, or one item bought at once. */
type Source = { kind: 'cart'; cartIds: number[]; key: string } | { kind: 'direct'; itemId: number; quantity: number; key: string } | null;

function readSource(params: URLSearchParams): Source {
  const cartIds = idListParam(params.get('cartIds'));
  if (cartIds.length) return { kind: 'cart', cartIds, key: `cart:${cartIds.join(',')}` };
  const itemId = idParam(params.get('itemId'));
  const quantity = idParam(params.get('quantity')) || 1;
  if (itemId) return { kind: 'direct', itemId, quantity, key: `direct:${itemId}x${quantity}` };
  return null;
}

/** How the supplier's fee came about: the region row applied, free shipping, the hazardous-goods surcharge. */
function deliveryHint(g: ConfirmGroup): string {
  if (g.feeRegion === '') return '免运费';
  const parts = [`按${g.feeRegion}运费`];
  if (g.freeAbove !== null) {
    const base = g.deliveryFee - g.hazardFee;
    parts.push(
      base === 0 ? `满 ${formatYuan(g.freeAbove)} 包邮` : `满 ${formatYuan(g.freeAbove)} 包邮，还差 ${formatYuan(Math.max(0, g.freeAbove - g.goodsAmount))}`,
    );
  }
  if (g.hazardFee > 0) parts.push(`含危险品附加费 ${formatYuan(g.hazardFee)}`);
  return parts.join('，');
}

const lineColumns: TableColumnsType<ConfirmLine> = [
  {
    title: '商品',
    key: 'item',
    render: (_, l) => (
      <Flex vertical gap={2}>
        <Link to={itemPath(l.itemId)} style={{ fontWeight: 600 }}>
          {l.name}
        </Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[l.brand, l.spec].filter(Boolean).join(' · ')}
        </Typography.Text>
        <Space size={4} wrap>
          <HazardTags hazards={l.hazards} />
          {l.outOfArea && <Tag color="red">不在供货区域</Tag>}
          {l.problem && (
            <Tag color="red" data-testid="line-problem">
              {l.problem}
            </Tag>
          )}
        </Space>
      </Flex>
    ),
  },
  { title: '单价', dataIndex: 'price', align: 'right', width: 130, render: (fen: number, l) => `${formatYuan(fen)} / ${l.unit}` },
  { title: '数量', dataIndex: 'quantity', align: 'right', width: 90 },
  { title: '小计', dataIndex: 'amount', align: 'right', width: 130, render: (fen: number) => <PriceText fen={fen} strong={false} /> },
];

/** The line a sub-order charges: the buyer's choice, else the card's line its goods map to (商品分类对应预算科目), else the card's only line. */
function lineOf(g: ConfirmGroup, lines: ChosenCardLine[], chosen: Record<string, number>): number | undefined {
  return chosen[String(g.supplierId)] ?? lines.find((l) => l.name === g.budgetLine)?.id ?? (lines.length === 1 ? lines[0].id : undefined);
}

function GroupCard({
  group,
  remark,
  onRemark,
  lines,
  line,
  onLine,
}: {
  group: ConfirmGroup;
  remark: string;
  onRemark: (v: string) => void;
  /** the chosen card's budget lines (none: the card has none, or no card) */
  lines: ChosenCardLine[];
  line: number | undefined;
  onLine: (id: number) => void;
}) {
  const chosen = lines.find((l) => l.id === line);
  return (
    <Card size="small" title={group.supplierName} data-testid="confirm-group" extra={<Typography.Text type="secondary">{deliveryHint(group)}</Typography.Text>}>
      <Table<ConfirmLine> rowKey="itemId" size="small" pagination={false} columns={lineColumns} dataSource={group.lines} />
      {lines.length > 0 && (
        <Flex align="center" gap={8} style={{ marginTop: 12 }}>
          <span>预算科目</span>
          <Select<number>
            aria-label={`${group.supplierName} 预算科目`}
            data-testid="budget-line-select"
            style={{ minWidth: 240 }}
            placeholder="请选择预算科目"
            value={line}
            onChange={onLine}
            options={lines.map((l) => ({ value: l.id, label: l.available === undefined ? l.name : `${l.name}（可用 ${formatYuan(l.available)}）` }))}
          />
          {chosen?.available !== undefined && chosen.available < group.totalAmount && (
            <Typography.Text type="warning" data-testid="budget-line-short">
              该科目可用余额不足，差 {formatYuan(group.totalAmount - chosen.available)}
            </Typography.Text>
          )}
        </Flex>
      )}
      <Flex justify="space-between" align="center" gap={16} style={{ marginTop: 12 }}>
        <Input
          placeholder="给供应商留言（选填，200 字以内）"
          maxLength={200}
          value={remark}
          onChange={(e) => onRemark(e.target.value)}
          style={{ maxWidth: 480 }}
          aria-label={`${group.supplierName} 备注`}
        />
        <Space size="large">
          <span>商品 {formatYuan(group.goodsAmount)}</span>
          <span>运费 {group.deliveryFee ? formatYuan(group.deliveryFee) : '免运费'}</span>
          <span>
            小计 <PriceText fen={group.totalAmount} />
          </span>
        </Space>
      </Flex>
    </Card>
  );
}

/** /confirmOrder: the buyer (an assistant's 代下单), address, lines per supplier with delivery fees and remarks, buy tips, hazard notice, submission. */
export function ConfirmOrderPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const source = useMemo(() => readSource(params), [params]);
  const [chosenAddress, setChosenAddress] = useState<number | undefined>(undefined);
  const [remarks, setRemarks] = useState<Record<string, string>>({});
  const [hazardConfirmed, setHazardConfirmed] = useState(false);
  // 代下单: the buyer an assistant orders for; undefined is the caller's own order
  const [buyerId, setBuyerId] = useState<number | undefined>(undefined);
  // 经费卡: the default card preselected; undefined lets the server use the (buyer's) default
  const [grantCardId, setGrantCardId] = useState<number | undefined>(undefined);
  // the card's budget lines and the buyer's choice per supplier (a new card starts from the preselection again)
  const [cardLines, setCardLines] = useState<ChosenCardLine[]>([]);
  const [budgetLines, setBudgetLines] = useState<Record<string, number>>({});
  const chooseCard = useCallback((id: number | undefined, lines: ChosenCardLine[]) => {
    setGrantCardId(id);
    setCardLines(lines);
    setBudgetLines({});
  }, []);
  // one key per visit of this page: a double click or a retry returns the first order
  const [idempotencyKey] = useState(newIdempotencyKey);

  const confirm = useQuery({
    queryKey: mallKeys.confirm(source?.key ?? '', chosenAddress),
    queryFn: () =>
      source?.kind === 'cart'
        ? cartConfirm({ cartIds: source.cartIds, addressId: chosenAddress })
        : detailConfirm({
            itemId: source?.kind === 'direct' ? source.itemId : 0,
            quantity: source?.kind === 'direct' ? source.quantity : 1,
            addressId: chosenAddress,
          }),
    enabled: source !== null,
    staleTime: 0,
    placeholderData: (prev) => prev,
  });
  const data = confirm.data;
  const addressId = chosenAddress ?? data?.address?.id;

  const supplyArea = useQuery({
    queryKey: mallKeys.supplyArea(source?.key ?? '', addressId ?? 0),
    queryFn: () =>
      validateSupplyArea(
        source?.kind === 'cart'
          ? { addressId: addressId as number, cartIds: source.cartIds }
          : { addressId: addressId as number, items: source?.kind === 'direct' ? [{ itemId: source.itemId, quantity: source.quantity }] : [] },
      ),
    enabled: source !== null && addressId !== undefined,
    staleTime: 0,
  });

  const lines = buyerId === undefined ? cardLines : [];
  const chosenLines = () =>
    Object.fromEntries(
      (data?.groups ?? []).flatMap((g) => {
        const id = lineOf(g, lines, budgetLines);
        return id === undefined ? [] : [[String(g.supplierId), id]];
      }),
    );
  const submit = useMutation({
    mutationFn: () => {
      if (!source || addressId === undefined) throw new Error('请选择收货地址');
      const cleanRemarks = Object.fromEntries(Object.entries(remarks).filter(([, v]) => v.trim() !== ''));
      return createOrder({
        ...(source.kind === 'cart' ? { cartIds: source.cartIds } : { direct: { itemId: source.itemId, quantity: source.quantity } }),
        addressId,
        remarks: cleanRemarks,
        hazardConfirmed: data?.hasHazard ? hazardConfirmed : false,
        idempotencyKey,
        ...(buyerId !== undefined ? { buyerId } : {}),
        ...(grantCardId !== undefined && buyerId === undefined ? { grantCardId } : {}),
        budgetLines: grantCardId !== undefined && buyerId === undefined ? chosenLines() : {},
      });
    },
    onSuccess: async (order: CreatedOrderVO) => {
      await client.invalidateQueries({ queryKey: mallKeys.cart });
      navigate(successOrderPath(order), { replace: true, state: order });
    },
    // stock or prices may have moved: show the current confirmation
    onError: () => void confirm.refetch(),
  });

  if (!source) {
    return <Result status="warning" title="没有要结算的商品" extra={<Button onClick={() => navigate(CART_PATH)}>返回购物车</Button>} />;
  }
  if (confirm.isError && !data) {
    return (
      <Result
        status="warning"
        title="无法结算"
        subTitle={confirm.error.message || '所选商品已变化，请返回购物车重新选择'}
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

  const blockers: string[] = [];
  if (addressId === undefined) blockers.push('请选择收货地址');
  if (!data.canSubmit && addressId !== undefined) blockers.push('订单中有商品无法购买或不在供货区域，请调整后再提交');
  if (data.hasHazard && !hazardConfirmed) blockers.push('请阅读并确认合规告知');
  if (lines.length > 0 && data.groups.some((g) => lineOf(g, lines, budgetLines) === undefined)) blockers.push('请选择预算科目');
  const canSubmit = blockers.length === 0 && !confirm.isFetching;
  const violations = supplyArea.data?.violations ?? [];

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        确认订单
      </Typography.Title>
      <AgentBuyerSelect value={buyerId} onChange={setBuyerId} />
      <GrantCardSelect value={grantCardId} onChange={chooseCard} orderTotal={data.totalAmount} forOther={buyerId !== undefined} />
      <AddressPicker value={addressId} onChange={setChosenAddress} />
      {violations.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="以下商品不在供应商的供货区域内，请更换收货地址或调整所购商品"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {violations.map((v) => (
                <li key={v.itemId}>
                  {v.name}（{v.supplierName}）
                </li>
              ))}
            </ul>
          }
        />
      )}
      {data.groups.map((g) => (
        <GroupCard
          key={g.supplierId}
          group={g}
          remark={remarks[String(g.supplierId)] ?? ''}
          onRemark={(v) => setRemarks((r) => ({ ...r, [String(g.supplierId)]: v }))}
          lines={lines}
          line={lineOf(g, lines, budgetLines)}
          onLine={(id) => setBudgetLines((b) => ({ ...b, [String(g.supplierId)]: id }))}
        />
      ))}
      {data.buyTips.length > 0 && (
        <Card size="small" title="购买须知">
          <Collapse
            size="small"
            defaultActiveKey={data.buyTips.slice(0, 1).map((t) => String(t.id))}
            items={data.buyTips.map((t) => ({
              key: String(t.id),
              label: t.title,
              children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{t.content}</Typography.Paragraph>,
            }))}
          />
        </Card>
      )}
      <DuplicatePurchaseHintSlot lines={data.groups.flatMap((g) => g.lines.map((l) => ({ itemId: l.itemId, name: l.name })))} />
      <ApprovalPreview approval={data.approval} />
      {data.hasHazard && <HazardNotice confirmed={hazardConfirmed} onChange={setHazardConfirmed} />}
      <Card size="small" style={{ position: 'sticky', bottom: 0, zIndex: 10, boxShadow: '0 -2px 8px rgba(0,0,0,0.06)' }}>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Typography.Text type="danger">{blockers[0] ?? ''}</Typography.Text>
          <Space size="large" wrap>
            <span>商品金额 {formatYuan(data.goodsAmount)}</span>
            <span>运费 {data.deliveryFee ? formatYuan(data.deliveryFee) : '免运费'}</span>
            <span>
              应付总额 <PriceText fen={data.totalAmount} size={22} testId="confirm-total" />
            </span>
            <Button type="primary" size="large" disabled={!canSubmit} loading={submit.isPending} onClick={() => submit.mutate()}>
              提交订单
            </Button>
          </Space>
        </Flex>
      </Card>
    </Flex>
  );
}
