import { Rate, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { CommentVO } from '../api/comments-api.ts';

/** The three scores in one cell. */
export function Scores({ c }: { c: { quality: number; delivery: number; service: number } }) {
  return (
    <Space direction="vertical" size={0}>
      {(
        [
          ['质量', c.quality],
          ['货期', c.delivery],
          ['服务', c.service],
        ] as const
      ).map(([label, v]) => (
        <span key={label}>
          {label} <Rate disabled value={v} style={{ fontSize: 12 }} />
        </span>
      ))}
    </Space>
  );
}

export const commentColumns = (): ColumnsType<CommentVO> => [
  { title: '商品', dataIndex: 'itemName', width: 200, render: (v: string, c) => `${v} ${c.spec}` },
  { title: '子订单号', dataIndex: 'subNo', width: 170 },
  { title: '供应商', dataIndex: 'supplierName', width: 180 },
  { title: '评分', key: 'scores', width: 170, render: (_, c) => <Scores c={c} /> },
  {
    title: '评价',
    dataIndex: 'content',
    render: (v: string, c) => (
      <Space direction="vertical" size={0}>
        <span>{v}</span>
        {c.reply && <Typography.Text type="secondary">供应商回复：{c.reply}</Typography.Text>}
        {c.hidden && <Tag color="red">已隐藏：{c.hideReason}</Tag>}
      </Space>
    ),
  },
  { title: '评价人', dataIndex: 'buyerName', width: 90 },
  { title: '时间', dataIndex: 'createdAt', width: 160, render: (v: string) => shanghaiTime(v) },
];
