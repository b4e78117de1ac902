import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import type { ConfirmAction } from '../../../../components/list-page/index.ts';
import { Can } from '../../../../components/page-flags.tsx';
import { type BuyTip, deleteBuyTip } from '../api/buy-tips-api.ts';

/** 购买须知的列：标题、内容、状态、排序；编辑与删除回到页面。 */
export const buyTipColumns = ({ open, confirm }: { open: (t: BuyTip) => void; confirm: (a: ConfirmAction) => void }): TableColumnsType<BuyTip> => [
  { title: '标题', dataIndex: 'title', width: 220 },
  {
    title: '内容',
    dataIndex: 'content',
    render: (c: string) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: c }} style={{ marginBottom: 0 }}>
        {c}
      </Typography.Paragraph>
    ),
  },
  { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => (s === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
  { title: '排序', dataIndex: 'sort', width: 80 },
  {
    title: '操作',
    key: 'actions',
    width: 140,
    render: (_, t) => (
      <Flex gap={4}>
        <Can flag="modify">
          <Button type="link" size="small" onClick={() => open(t)}>
            编辑
          </Button>
        </Can>
        <Can flag="delete">
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              confirm({
                title: `确认删除购买须知“${t.title}”？`,
                content: '删除后买家下单时不再看到这条须知。',
                okText: '删除',
                danger: true,
                run: () => deleteBuyTip(t.id),
                done: '已删除',
              })
            }
          >
            删除
          </Button>
        </Can>
      </Flex>
    ),
  },
];
