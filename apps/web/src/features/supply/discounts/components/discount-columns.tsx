import { type DeptDiscountVO, rateLabel } from '@kc/contracts/supply/discounts';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can } from '../../../../components/page-flags.tsx';

/** 单位折扣的列；编辑、停用/启用、删除回到页面。 */
export const discountColumns = ({
  open,
  remove,
  toggle,
}: {
  open: (row: DeptDiscountVO | 'new') => void;
  remove: (row: DeptDiscountVO) => void;
  toggle: (row: DeptDiscountVO) => unknown;
}): TableColumnsType<DeptDiscountVO> => [
  {
    title: '适用范围',
    key: 'scope',
    width: 240,
    render: (_, r) => (
      <Flex vertical>
        <span>{r.instituteName}</span>
        <Typography.Text type="secondary">{r.deptName ? `${r.deptName} 及下级部门` : '全所'}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: '商品',
    key: 'item',
    render: (_, r) =>
      r.itemId ? (
        <Flex vertical>
          <span>{r.itemName}</span>
          <Typography.Text type="secondary">
            {r.catalogNo} · 目录价 {r.listPrice !== null ? <MoneyCell fen={r.listPrice} /> : '—'}
          </Typography.Text>
        </Flex>
      ) : (
        '本店全部商品'
      ),
  },
  {
    title: '优惠',
    key: 'deal',
    width: 120,
    render: (_, r) => (r.rate !== null ? <Tag color="green">{rateLabel(r.rate)}</Tag> : r.price !== null ? <MoneyCell fen={r.price} strong /> : '—'),
  },
  { title: '有效期', key: 'dates', width: 200, render: (_, r) => `${r.validFrom} 至 ${r.validTo}` },
  {
    title: '状态',
    key: 'status',
    width: 100,
    render: (_, r) => (r.status !== 1 ? <Tag>已停用</Tag> : r.inForce ? <Tag color="green">生效中</Tag> : <Tag color="orange">不在有效期</Tag>),
  },
  {
    title: '操作',
    key: 'actions',
    width: 170,
    render: (_, r) => (
      <Can flag="modify">
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => open(r)}>
            修改
          </Button>
          <Button type="link" size="small" onClick={() => void toggle(r)}>
            {r.status === 1 ? '停用' : '启用'}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(r)}>
            删除
          </Button>
        </Flex>
      </Can>
    ),
  },
];
