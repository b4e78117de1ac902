import { SALE_STATE_LABELS, type SaleState, type SaleVO } from '@kc/contracts/supply/catalog-supplier-items';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Table, Tag, Typography } from 'antd';
import { usePagedQuery } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { catalogKeys } from '../api/catalog-query-keys.ts';
import { endSale, getSales } from '../api/supplier-items-api.ts';

const COLOR: Record<SaleState, string> = { pending: 'processing', refused: 'red', scheduled: 'blue', running: 'green', finished: 'default', ended: 'default' };

/** 促销活动: the supplier's sale requests and campaigns with their state; a running or scheduled one can end early. */
export function SalesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const { query: sales, pagination } = usePagedQuery({
    queryKey: catalogKeys.sales,
    queryFn: (page) => getSales(page.current),
    enabled: open,
    showSizeChanger: false,
    showTotal: (n) => `共 ${n} 条`,
  });
  const end = (s: SaleVO) =>
    feedback.modal().confirm({
      title: '提前结束促销',
      content: `“${s.title}”结束后，${s.itemName} 立即恢复原价。`,
      okText: '结束促销',
      okButtonProps: { danger: true },
      onOk: async () => {
        await endSale(s.saleId as number);
        feedback.success('促销已结束');
        await client.invalidateQueries({ queryKey: catalogKeys.sales });
      },
    });
  return (
    <Drawer open={open} width={920} title="促销活动" onClose={onClose} destroyOnHidden>
      <Table<SaleVO>
        rowKey="id"
        size="small"
        loading={sales.isLoading}
        dataSource={sales.data?.records ?? []}
        pagination={pagination}
        locale={{ emptyText: '还没有促销：在商品的“促销”中申请，平台审核通过后按期生效' }}
        columns={[
          { title: '活动', dataIndex: 'title', width: 140 },
          {
            title: '商品',
            key: 'item',
            render: (_, s) => (
              <span>
                {s.itemName}
                <Typography.Text type="secondary"> {s.catalogNo}</Typography.Text>
              </span>
            ),
          },
          { title: '原价', dataIndex: 'listPrice', width: 100, align: 'right', render: (f: number) => <MoneyCell fen={f} /> },
          { title: '促销价', dataIndex: 'salePrice', width: 100, align: 'right', render: (f: number) => <MoneyCell fen={f} strong /> },
          { title: '日期', key: 'dates', width: 190, render: (_, s) => `${s.startsAt} 至 ${s.endsAt}` },
          {
            title: '状态',
            key: 'state',
            width: 110,
            render: (_, s) => (
              <>
                <Tag color={COLOR[s.state]}>{SALE_STATE_LABELS[s.state]}</Tag>
                {s.refuseReason && <Typography.Text type="danger">{s.refuseReason}</Typography.Text>}
              </>
            ),
          },
          {
            title: '操作',
            key: 'act',
            width: 90,
            render: (_, s) =>
              (s.state === 'running' || s.state === 'scheduled') && s.saleId !== null ? (
                <Button type="link" size="small" danger onClick={() => end(s)}>
                  提前结束
                </Button>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
