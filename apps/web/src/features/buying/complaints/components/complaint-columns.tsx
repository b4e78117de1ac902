import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { ComplaintVO } from '../api/complaints-api.ts';

const COLOR: Record<string, string> = { submitted: 'orange', processing: 'blue', resolved: 'green', rejected: 'default' };

export const complaintColumns = (open: (id: number) => void): ColumnsType<ComplaintVO> => [
  {
    title: '投诉单号',
    dataIndex: 'complaintNo',
    width: 170,
    render: (v: string, r) => (
      <Button type="link" size="small" onClick={() => open(r.id)}>
        {v}
      </Button>
    ),
  },
  { title: '类型', dataIndex: 'categoryText', width: 70 },
  { title: '被投诉供应商', dataIndex: 'supplierName', width: 200 },
  { title: '子订单号', dataIndex: 'subNo', width: 170, render: (v: string | null) => v ?? '—' },
  { title: '投诉人', dataIndex: 'buyerName', width: 90 },
  { title: '内容', dataIndex: 'content', ellipsis: true },
  { title: '状态', dataIndex: 'statusText', width: 90, render: (v: string, r) => <Tag color={COLOR[r.status]}>{v}</Tag> },
  { title: '提交时间', dataIndex: 'createdAt', width: 160, render: (v: string) => shanghaiTime(v) },
];
