import type { TableColumnsType } from 'antd';
import { Button, Flex } from 'antd';
import dayjs from 'dayjs';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can } from '../../../../components/page-flags.tsx';
import type { DeliveryFeeRuleVO } from '../api/delivery-fees-api.ts';

/** Yuan (two decimals) to fen through rounding: 12.3 × 100 is 1229.9999… in floating point. */
export const fen = (yuan: number) => Math.round(yuan * 100);

/** 运费规则的列：地区、首单运费、包邮门槛、危险品附加费；编辑与删除回到页面。 */
export const deliveryFeeColumns = ({
  remove,
  setEditing,
}: {
  remove: (r: DeliveryFeeRuleVO) => void;
  setEditing: (r: DeliveryFeeRuleVO) => void;
}): TableColumnsType<DeliveryFeeRuleVO> => [
  { title: '地区', dataIndex: 'region', width: 200 },
  { title: '首单运费', dataIndex: 'firstFee', width: 120, align: 'right', render: (v: number) => <MoneyCell fen={v} /> },
  {
    title: '包邮门槛',
    dataIndex: 'freeAbove',
    width: 140,
    align: 'right',
    render: (v: number | null) =>
      v === null ? (
        '不包邮'
      ) : (
        <span>
          满 <MoneyCell fen={v} />
        </span>
      ),
  },
  { title: '危险品附加费', dataIndex: 'hazardFee', width: 130, align: 'right', render: (v: number) => <MoneyCell fen={v} /> },
  { title: '更新时间', dataIndex: 'updatedAt', width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
  {
    title: '操作',
    key: 'actions',
    width: 120,
    render: (_, r) => (
      <Flex gap={4}>
        <Can flag="modify">
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            修改
          </Button>
        </Can>
        <Can flag="delete">
          <Button type="link" size="small" danger onClick={() => remove(r)}>
            删除
          </Button>
        </Can>
      </Flex>
    ),
  },
];
