import { ITEM_PRE_KIND_COLORS, ITEM_PRE_KIND_LABELS, ITEM_PRE_STATUS_LABELS } from '@kc/contracts/supply/catalog-supplier-items';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { catalogKeys } from '../api/catalog-query-keys.ts';
import { getMyProposals } from '../api/supplier-items-api.ts';

const COLOURS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

/** 新增申请: the supplier's proposals with their review state and, when refused, the reason. */
export function ProposalsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const list = useQuery({ queryKey: catalogKeys.proposals, queryFn: () => getMyProposals({ current: 1, size: 100 }), enabled: open });
  return (
    <Drawer open={open} width={820} title="新增与修改申请" onClose={onClose}>
      <Table
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={false}
        locale={{ emptyText: '还没有提交过新增商品' }}
        columns={[
          {
            title: '商品',
            key: 'name',
            render: (_, p) => (
              <>
                <Tag color={ITEM_PRE_KIND_COLORS[p.kind]}>{ITEM_PRE_KIND_LABELS[p.kind]}</Tag>
                {p.name} {p.spec}
                {p.changes && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {p.changes}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: '品牌 / 货号', key: 'brand', render: (_, p) => `${p.brand} / ${p.catalogNo}` },
          { title: '单价', dataIndex: 'price', align: 'right', render: (fen: number) => <MoneyCell fen={fen} /> },
          { title: '提交时间', dataIndex: 'submittedAt', render: (v: string) => dayjs(v).format('MM-DD HH:mm') },
          {
            title: '审核',
            key: 'status',
            render: (_, p) => (
              <>
                <Tag color={COLOURS[p.status]}>{ITEM_PRE_STATUS_LABELS[p.status]}</Tag>
                {p.refuseReason && <Typography.Text type="danger">{p.refuseReason}</Typography.Text>}
              </>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
