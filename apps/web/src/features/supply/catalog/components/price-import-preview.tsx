import { PRICE_IMPORT_STATUS_LABELS, type PriceImportVO, type PriceRowVO } from '@kc/contracts/supply/catalog-price-imports';
import { Alert, Button, Flex, Segmented, Space, Statistic, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { saveFile } from '../../../../lib/file-download.ts';
import { downloadImportErrors } from '../api/supplier-items-api.ts';
import { FILTERS, type Filter, leadText, proposalNote, STATUS_COLOR } from './price-import-model.tsx';
import type { PriceImportModel } from './use-price-import.ts';

/** 导入预览: the import's counts, what to do while it waits, and its rows by filter. */
export function PriceImportPreview({ model: m, pct }: { model: PriceImportModel; pct: string }) {
  const imp = m.current.data;
  if (!imp)
    return (
      <Alert
        type="info"
        showIcon
        message="先下载模板或导出现价，修改单价、库存、货期后上传（新增商品另填商品名称、单位与分类）；上传后在这里核对每一行的变化。"
      />
    );
  return (
    <>
      <ImportSummary imp={imp} />
      {imp.status === 'validated' && <WaitingAlert imp={imp} model={m} />}
      <Segmented value={m.filter} onChange={(v) => m.choose(v as Filter)} options={FILTERS} style={{ marginBottom: 8 }} />
      <Table<PriceRowVO>
        rowKey="id"
        size="small"
        loading={m.rows.query.isLoading}
        dataSource={m.rows.query.data?.records ?? []}
        pagination={m.rows.pagination}
        locale={{ emptyText: '没有此类行' }}
        columns={rowColumns(pct)}
      />
    </>
  );
}

function ImportSummary({ imp }: { imp: PriceImportVO }) {
  return (
    <Flex gap={32} wrap style={{ marginBottom: 12 }} align="center">
      <Space direction="vertical" size={0}>
        <Typography.Text type="secondary">{imp.fileName}</Typography.Text>
        <Tag color={STATUS_COLOR[imp.status]} data-testid="import-status">
          {PRICE_IMPORT_STATUS_LABELS[imp.status]}
        </Tag>
      </Space>
      <Statistic title="共" value={imp.totalRows} suffix="行" />
      <Statistic title="新增" value={imp.newRows} valueStyle={imp.newRows ? { color: '#1677ff' } : undefined} />
      <Statistic title="涨价" value={imp.upRows} valueStyle={{ color: '#cf1322' }} />
      <Statistic title="降价" value={imp.downRows} valueStyle={{ color: '#389e0d' }} />
      <Statistic title="价格不变" value={imp.sameRows} />
      <Statistic title="需平台审核" value={imp.flaggedRows} />
      <Statistic title="有错误" value={imp.errorRows} valueStyle={imp.errorRows ? { color: '#cf1322' } : undefined} />
    </Flex>
  );
}

/** An import waiting for confirmation: its errors to fix, or confirm before it expires; 放弃 either way. */
function WaitingAlert({ imp, model: m }: { imp: PriceImportVO; model: PriceImportModel }) {
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type={imp.errorRows ? 'error' : 'info'}
      showIcon
      message={
        imp.errorRows
          ? `有 ${imp.errorRows} 行错误，不能导入：请下载错误报告，按“错误原因”列修改后重新上传（须先放弃本次导入）。`
          : `请核对后在 ${dayjs(imp.expiresAt).format('HH:mm')} 前确认导入，逾期须重新上传。`
      }
      action={
        <Space>
          {imp.errorRows > 0 && (
            <Button size="small" onClick={() => void m.run(async () => saveFile(await downloadImportErrors(imp.id)))}>
              下载错误报告
            </Button>
          )}
          <Button size="small" onClick={() => void m.cancel(imp)}>
            放弃
          </Button>
          <Button size="small" type="primary" disabled={imp.errorRows > 0} onClick={() => m.confirm(imp)} data-testid="price-confirm">
            确认导入
          </Button>
        </Space>
      }
    />
  );
}

const itemCell = (v: string | null, r: PriceRowVO) =>
  r.newItem ? (
    <Space direction="vertical" size={0}>
      <span>{v}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} title={r.newItem.category}>
        {[r.newItem.cas && `CAS ${r.newItem.cas}`, r.newItem.unit, r.newItem.category].filter(Boolean).join(' · ')}
      </Typography.Text>
    </Space>
  ) : (
    (v ?? '—')
  );

const noteCell = (r: PriceRowVO, pct: string) =>
  r.error ? (
    <Typography.Text type="danger">{r.error}</Typography.Text>
  ) : r.newItem ? (
    proposalNote(r.newItem)
  ) : r.flagged ? (
    <Tag color="orange">涨跌超过 {pct}，平台审核后生效</Tag>
  ) : null;

/** The preview's columns: each row's old and new price, stock and lead time, and why it needs attention. */
const rowColumns = (pct: string): TableColumnsType<PriceRowVO> => [
  { title: '行号', dataIndex: 'rowNo', width: 60 },
  { title: '货号', dataIndex: 'catalogNo', width: 120 },
  { title: '品牌', dataIndex: 'brand', width: 90 },
  { title: '规格', dataIndex: 'spec', width: 80 },
  { title: '商品', dataIndex: 'itemName', ellipsis: true, render: itemCell },
  { title: '原价', dataIndex: 'oldPrice', align: 'right', width: 100, render: (f: number | null) => (f === null ? '—' : <MoneyCell fen={f} />) },
  { title: '新价', dataIndex: 'newPrice', align: 'right', width: 100, render: (f: number | null) => (f === null ? '—' : <MoneyCell fen={f} strong />) },
  {
    title: '库存',
    width: 100,
    render: (_: unknown, r) => (r.newItem ? r.newStock : r.oldStock === null ? '—' : r.oldStock === r.newStock ? r.newStock : `${r.oldStock} → ${r.newStock}`),
  },
  {
    title: '货期',
    width: 110,
    render: (_: unknown, r) => (r.newItem || r.oldLead === r.newLead ? leadText(r.newLead) : `${leadText(r.oldLead)} → ${leadText(r.newLead)}`),
  },
  { title: '说明', width: 210, render: (_: unknown, r) => noteCell(r, pct) },
];
