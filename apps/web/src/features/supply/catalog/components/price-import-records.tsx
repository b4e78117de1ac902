import { PRICE_IMPORT_STATUS_LABELS, type PriceImportVO } from '@kc/contracts/supply/catalog-price-imports';
import { Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { STATUS_COLOR } from './price-import-model.tsx';
import type { PriceImportModel } from './use-price-import.ts';

/** 导入记录: every import with its counts; 查看 opens it, the latest applied one offers 撤销本次导入. */
export function PriceImportRecords({ model: m }: { model: PriceImportModel }) {
  return (
    <Table<PriceImportVO>
      rowKey="id"
      size="small"
      loading={m.records.query.isLoading}
      dataSource={m.records.query.data?.records ?? []}
      pagination={m.records.pagination}
      locale={{ emptyText: '还没有导入过价格表' }}
      columns={recordColumns(m)}
    />
  );
}

const recordColumns = (m: PriceImportModel): TableColumnsType<PriceImportVO> => [
  { title: '时间', dataIndex: 'createdAt', width: 140, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
  { title: '文件', dataIndex: 'fileName', ellipsis: true },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: PriceImportVO['status']) => <Tag color={STATUS_COLOR[s]}>{PRICE_IMPORT_STATUS_LABELS[s]}</Tag>,
  },
  {
    title: '行数',
    width: 230,
    render: (_: unknown, r) =>
      `共 ${r.totalRows}：${r.newRows ? `新 ${r.newRows} / ` : ''}涨 ${r.upRows} / 降 ${r.downRows} / 不变 ${r.sameRows} / 错 ${r.errorRows}`,
  },
  { title: '操作人', dataIndex: 'createdBy', width: 90 },
  {
    title: '操作',
    width: 170,
    render: (_: unknown, r) => (
      <Space>
        <Button type="link" size="small" onClick={() => m.show(r.id)}>
          查看
        </Button>
        {r.canRollback && (
          <Button type="link" size="small" danger onClick={() => m.rollback(r)} data-testid="price-rollback">
            撤销本次导入
          </Button>
        )}
      </Space>
    ),
  },
];
