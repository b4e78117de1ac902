import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { money, shanghaiTime } from '../../../../lib/format.ts';
import type { AfterSaleVO } from '../api/after-sales-api.ts';

const COLOR: Record<string, string> = {
  requested: 'orange',
  to_return: 'blue',
  returned: 'blue',
  received: 'blue',
  agreed: 'blue',
  refused: 'red',
  refunded: 'green',
  replaced: 'green',
};

/** The columns both sides list requests with; the number opens the detail. */
export const afterSaleColumns = (open: (id: number) => void, party: 'supplier' | 'buyer'): ColumnsType<AfterSaleVO> => [
  {
    title: '售后单号',
    dataIndex: 'requestNo',
    width: 170,
    render: (v: string, r) => (
      <Button type="link" size="small" onClick={() => open(r.id)}>
        {v}
      </Button>
    ),
  },
  { title: '子订单号', dataIndex: 'subNo', width: 170 },
  party === 'supplier' ? { title: '供应商', dataIndex: 'supplierName', width: 200 } : { title: '申请人', dataIndex: 'buyerName', width: 100 },
  { title: '类型', dataIndex: 'typeText', width: 80 },
  { title: '退款金额', dataIndex: 'refundAmount', width: 110, align: 'right', render: (v: number) => money(v) },
  { title: '状态', dataIndex: 'statusText', width: 120, render: (v: string, r) => <Tag color={COLOR[r.status] ?? 'default'}>{v}</Tag> },
  { title: '申请时间', dataIndex: 'createdAt', width: 160, render: (v: string) => shanghaiTime(v) },
];
