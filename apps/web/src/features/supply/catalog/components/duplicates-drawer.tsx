import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { catalogKeys } from '../api/catalog-query-keys.ts';
import { deleteDuplicate, getDuplicates } from '../api/supplier-items-api.ts';

/**
 * 重复商品: products the supplier lists more than once (same brand, 货号 and 规格), group by group;
 * the supplier deletes the listings it does not want (restorable for 30 days), the last one stays.
 */
export function DuplicatesDrawer({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: () => Promise<unknown> }) {
  const client = useQueryClient();
  const groups = useQuery({ queryKey: catalogKeys.duplicates, queryFn: getDuplicates, enabled: open });
  const remove = (id: number, name: string) =>
    feedback.modal().confirm({
      title: `删除这条“${name}”？`,
      content: '同组其余条目保留；删除的条目 30 天内可在“已删除”中恢复。',
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteDuplicate(id);
        feedback.success('已删除重复条目');
        await client.invalidateQueries({ queryKey: catalogKeys.duplicates });
        await onChanged();
      },
    });
  return (
    <Drawer open={open} width={860} title="重复商品" onClose={onClose} loading={groups.isLoading}>
      <Typography.Paragraph type="secondary">
        同一品牌、同一货号、同一规格出现多次的商品。保留信息正确的一条，删除其余条目，采购人搜索时不再看到重复结果。
      </Typography.Paragraph>
      {groups.data?.length === 0 && <Empty description="没有重复的商品" />}
      <Flex vertical gap={12}>
        {(groups.data ?? []).map((g) => (
          <Card key={g.key} size="small" title={g.key} data-testid="duplicate-group">
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={g.items}
              columns={[
                { title: '商品', key: 'name', render: (_, it) => `${it.name}${it.grade ? ` · ${it.grade}` : ''}` },
                { title: '价格', dataIndex: 'price', align: 'right', render: (fen: number) => <MoneyCell fen={fen} /> },
                { title: '库存', dataIndex: 'stock', align: 'right' },
                { title: '状态', dataIndex: 'onShelf', render: (on: boolean) => (on ? <Tag color="green">在售</Tag> : <Tag>已下架</Tag>) },
                { title: '更新时间', dataIndex: 'updatedAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
                {
                  title: '操作',
                  key: 'actions',
                  render: (_, it) => (
                    <Button type="link" size="small" danger onClick={() => remove(it.id, it.name)}>
                      删除此条
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        ))}
      </Flex>
    </Drawer>
  );
}
