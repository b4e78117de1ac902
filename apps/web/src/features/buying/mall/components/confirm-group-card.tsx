import { Card, Flex, Input, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { HazardTags } from '../../../supply/catalog/index.ts';
import type { ConfirmGroup, ConfirmLine } from '../api/order-api.ts';
import { itemPath } from '../mall-paths.ts';
import type { ChosenCardLine } from './grant-card-select.tsx';
import { formatYuan, PriceText } from './price-text.tsx';

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

const itemCell = (l: ConfirmLine) => (
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
);

const lineColumns: TableColumnsType<ConfirmLine> = [
  { title: '商品', key: 'item', render: (_, l) => itemCell(l) },
  { title: '单价', dataIndex: 'price', align: 'right', width: 130, render: (fen: number, l) => `${formatYuan(fen)} / ${l.unit}` },
  { title: '数量', dataIndex: 'quantity', align: 'right', width: 90 },
  { title: '小计', dataIndex: 'amount', align: 'right', width: 130, render: (fen: number) => <PriceText fen={fen} strong={false} /> },
];

interface GroupProps {
  group: ConfirmGroup;
  remark: string;
  onRemark: (v: string) => void;
  /** the chosen card's budget lines (none: the card has none, or no card) */
  lines: ChosenCardLine[];
  line: number | undefined;
  onLine: (id: number) => void;
}

/** One supplier's lines with its delivery fee, the budget line its sub-order charges, the remark to the supplier and the sums. */
export function ConfirmGroupCard({ group, remark, onRemark, lines, line, onLine }: GroupProps) {
  return (
    <Card size="small" title={group.supplierName} data-testid="confirm-group" extra={<Typography.Text type="secondary">{deliveryHint(group)}</Typography.Text>}>
      <Table<ConfirmLine> rowKey="itemId" size="small" pagination={false} columns={lineColumns} dataSource={group.lines} />
      {lines.length > 0 && <BudgetLinePicker group={group} lines={lines} line={line} onLine={onLine} />}
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

function BudgetLinePicker({ group, lines, line, onLine }: Pick<GroupProps, 'group' | 'lines' | 'line' | 'onLine'>) {
  const chosen = lines.find((l) => l.id === line);
  return (
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
  );
}
