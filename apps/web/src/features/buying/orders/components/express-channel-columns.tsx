import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import type { ExpressChannel } from '../api/express-channels-api.ts';

/** 快递渠道的列：名称、编码、查询地址、状态、排序；编辑与停用/启用回到页面。 */
export const expressChannelColumns = ({
  open,
  toggle,
}: {
  open: (c: ExpressChannel) => void;
  toggle: (c: ExpressChannel) => void;
}): TableColumnsType<ExpressChannel> => [
  { title: '名称', dataIndex: 'name', width: 160 },
  { title: '编码', dataIndex: 'code', width: 120 },
  {
    title: '物流查询地址',
    dataIndex: 'trackingUrl',
    ellipsis: true,
    render: (u: string | null) =>
      u ? <Typography.Text copyable={{ text: u }}>{u}</Typography.Text> : <Typography.Text type="secondary">未设置（运单号不带链接）</Typography.Text>,
  },
  { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => (s === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
  { title: '排序', dataIndex: 'sort', width: 80 },
  {
    title: '操作',
    key: 'actions',
    width: 140,
    render: (_, c) => (
      <Can flag="modify">
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => open(c)}>
            编辑
          </Button>
          <Button type="link" size="small" danger={c.status === 1} onClick={() => toggle(c)}>
            {c.status === 1 ? '停用' : '启用'}
          </Button>
        </Flex>
      </Can>
    ),
  },
];
