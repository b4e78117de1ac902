import { Drawer, Flex, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { ExportButton } from '../../../../components/export-button.tsx';
import { usePagedQuery } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { saveFile } from '../../../../lib/file-download.ts';
import { money } from '../../../../lib/format.ts';
import { orderDetailPath } from '../../../../lib/order-paths.ts';
import { exportStatLines, getStatLines, type StatDrill, type StatFilter, type StatLevel, type StatLineVO } from '../api/statistics-api.ts';
import { statisticsKeys } from '../api/statistics-query-keys.ts';

export interface Drill extends StatDrill {
  /** what the drawer's title names: 2026-11, a supplier's, item's or brand's name */
  label: string;
}

/** 订单明细: the lines behind a figure (a month, a supplier, an item, a brand), each linking to its order; Excel where the page grants export. */
export function LinesDrawer({
  level,
  filter,
  drill,
  canExport,
  onClose,
}: {
  level: StatLevel;
  filter: StatFilter;
  drill: Drill | null;
  canExport: boolean;
  onClose: () => void;
}) {
  const { label: _label, ...d } = drill ?? { label: '' };
  const {
    query: lines,
    reset,
    pagination,
  } = usePagedQuery({
    queryKey: statisticsKeys.lines(level, filter, d),
    queryFn: (page) => getStatLines(level, filter, d, page.current, page.size),
    enabled: drill !== null,
    size: 20,
    showSizeChanger: true,
    showTotal: (n) => `共 ${n} 行`,
  });
  const data = lines.data;
  return (
    <Drawer
      open={drill !== null}
      onClose={onClose}
      width={1100}
      title={`订单明细：${drill?.label ?? ''}`}
      destroyOnHidden
      afterOpenChange={(open) => !open && reset()}
      extra={canExport && <ExportButton testId="stat-lines-export" run={async () => saveFile(await exportStatLines(level, filter, d))} />}
    >
      <Flex gap={24} style={{ marginBottom: 12 }}>
        <Typography.Text>
          共 <b>{data?.total ?? 0}</b> 行
        </Typography.Text>
        <Typography.Text>
          合计 <b data-testid="stat-lines-amount">{money(data?.amount ?? 0)}</b>
        </Typography.Text>
      </Flex>
      <Table<StatLineVO>
        rowKey="factId"
        size="small"
        data-testid="stat-lines"
        loading={lines.isFetching}
        dataSource={data?.records ?? []}
        pagination={pagination}
        columns={[
          { title: '验收日期', dataIndex: 'day', width: 110 },
          {
            title: '订单号',
            key: 'order',
            width: 210,
            render: (_, r) => <Link to={orderDetailPath(r.orderId)}>{r.subNo}</Link>,
          },
          {
            title: '商品',
            key: 'name',
            render: (_, r) => (
              <>
                {r.name} {r.spec && <Typography.Text type="secondary">{r.spec}</Typography.Text>}
                {r.kind === 'refund' && <Tag color="red">退款冲减</Tag>}
              </>
            ),
          },
          { title: '品牌', dataIndex: 'brand', width: 120 },
          { title: '供应商', dataIndex: 'supplierName', width: 200, ellipsis: true },
          { title: '采购人', dataIndex: 'buyerName', width: 90 },
          { title: '数量', dataIndex: 'quantity', width: 70, align: 'right' },
          { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => <MoneyCell fen={v} /> },
        ]}
      />
    </Drawer>
  );
}
