import { useQuery } from '@tanstack/react-query';
import { Drawer, Table } from 'antd';
import dayjs from 'dayjs';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { catalogKeys } from '../api/catalog-query-keys.ts';
import { getPriceHistory, type SupplierItemVO } from '../api/supplier-items-api.ts';

/** 价格历史: the item's last 100 price changes, who made them and how (手动改价, 价格导入, 撤销导入). */
export function PriceHistoryDrawer({ item, onClose }: { item: SupplierItemVO | null; onClose: () => void }) {
  const history = useQuery({ queryKey: catalogKeys.history(item?.id), queryFn: () => getPriceHistory(item?.id as number), enabled: item !== null });
  return (
    <Drawer open={item !== null} width={560} title={item ? `价格历史：${item.name} ${item.spec}` : '价格历史'} onClose={onClose}>
      <Table
        rowKey="id"
        size="small"
        loading={history.isLoading}
        dataSource={history.data ?? []}
        pagination={false}
        locale={{ emptyText: '价格未调整过' }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          { title: '原价', dataIndex: 'oldPrice', align: 'right', render: (fen: number) => <MoneyCell fen={fen} /> },
          { title: '新价', dataIndex: 'newPrice', align: 'right', render: (fen: number) => <MoneyCell fen={fen} strong /> },
          { title: '方式', dataIndex: 'source' },
          { title: '操作人', dataIndex: 'changedBy' },
        ]}
      />
    </Drawer>
  );
}
