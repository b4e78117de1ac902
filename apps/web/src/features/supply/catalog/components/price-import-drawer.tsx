import { DICT } from '@kc/contracts/shared/dicts';
import {
  PRICE_IMPORT_CONFIRM_MINUTES,
  PRICE_IMPORT_STATUS_LABELS,
  PRICE_REVIEW_DICT_KEY,
  PRICE_REVIEW_THRESHOLD,
  type PriceImportVO,
  type PriceRowChange,
  type PriceRowVO,
} from '@kc/contracts/supply/catalog-price-imports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Segmented, Space, Statistic, Table, Tabs, Tag, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { useDictOptions } from '../../../../lib/dicts.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { saveFile } from '../../../../lib/file-download.ts';
import {
  cancelPriceImport,
  confirmPriceImport,
  downloadImportErrors,
  downloadPriceTemplate,
  exportPrices,
  getImportRecords,
  getImportRows,
  getPriceImport,
  rollbackPriceImport,
  uploadPriceSheet,
} from '../api/supplier-items-api.ts';

type Filter = 'all' | PriceRowChange | 'flagged';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'new', label: '新增' },
  { value: 'up', label: '涨价' },
  { value: 'down', label: '降价' },
  { value: 'same', label: '价格不变' },
  { value: 'flagged', label: '需平台审核' },
  { value: 'error', label: '有错误' },
];
const STATUS_COLOR: Record<string, string> = {
  validated: 'processing',
  applied: 'success',
  rolledBack: 'default',
  rollback: 'warning',
  expired: 'default',
  cancelled: 'default',
};

const leadText = (d: number | null) => (d === null ? '—' : d === 0 ? '现货' : `${d} 天`);

/** A 新增 row's review: before confirmation it has none yet. */
const PROPOSAL_TAG: Record<number, { color: string; text: string }> = {
  0: { color: 'processing', text: '平台审核中' },
  1: { color: 'success', text: '审核通过，已上架' },
  2: { color: 'default', text: '未通过或已撤回' },
};
function proposalNote(n: NonNullable<PriceRowVO['newItem']>) {
  if (n.proposalStatus === null) return <Tag color="blue">新增商品，确认后提交平台审核</Tag>;
  const tag = PROPOSAL_TAG[n.proposalStatus];
  return <Tag color={tag.color}>新增商品：{tag.text}</Tag>;
}

/** What a rollback did, as the server tells it: prices back, and what became of the sheet's new items. */
function rolledBack(r: { proposalsWithdrawn: number; proposalsApproved: number }) {
  const parts = ['已撤销本次导入，价格已恢复'];
  if (r.proposalsWithdrawn) parts.push(`${r.proposalsWithdrawn} 个审核中的新增商品申请已撤回`);
  if (r.proposalsApproved) parts.push(`${r.proposalsApproved} 个新增商品已审核通过，未撤回，如不再销售请在商品管理中下架`);
  return parts.join('；');
}

/**
 * 价格导入: download the template or the current prices, upload the edited sheet, read the
 * preview (every row with its old and new price, errors and the moves beyond ±30% that the
 * platform reviews), then confirm within the hour or give up; the records list every import with
 * 撤销本次导入 on the latest applied one.
 */
export function PriceImportDrawer({ open, onClose, onApplied }: { open: boolean; onClose: () => void; onApplied: () => void }) {
  // the share a price may move before review: warning_threshold priceReviewPercent (the server reads the same item)
  const thresholds = useDictOptions(DICT.WARNING_THRESHOLD);
  const pct = `${thresholds.options.find((o) => o.value === PRICE_REVIEW_DICT_KEY)?.label ?? Math.round(PRICE_REVIEW_THRESHOLD * 100)}%`;
  const client = useQueryClient();
  const [tab, setTab] = useState<'current' | 'records'>('current');
  const [importId, setImportId] = useState<number | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [recordPage, setRecordPage] = useState(1);
  const records = useQuery({
    queryKey: ['supplier', 'priceImports', recordPage],
    queryFn: () => getImportRecords({ current: recordPage, size: 10 }),
    enabled: open,
  });
  const current = useQuery({
    queryKey: ['supplier', 'priceImport', importId],
    queryFn: () => getPriceImport(importId as number),
    enabled: open && importId !== null,
  });
  const rows = useQuery({
    queryKey: ['supplier', 'priceImport', importId, 'rows', filter, page],
    queryFn: () =>
      getImportRows({
        importId: importId as number,
        change: filter === 'all' || filter === 'flagged' ? undefined : filter,
        flagged: filter === 'flagged' ? 'true' : undefined,
        current: page,
        size: 10,
      }),
    enabled: open && importId !== null,
  });

  // opening the drawer resumes an import that still waits for confirmation
  useEffect(() => {
    if (!open || importId !== null || !records.data) return;
    const waiting = records.data.records.find((r) => r.status === 'validated');
    if (waiting) setImportId(waiting.id);
  }, [open, importId, records.data]);

  const show = (id: number, f: Filter = 'all') => {
    setImportId(id);
    setFilter(f);
    setPage(1);
    setTab('current');
  };
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['supplier', 'priceImports'] });
    void client.invalidateQueries({ queryKey: ['supplier', 'priceImport'] });
  };
  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) feedback.success(done);
    } catch {
      // the error catalogue has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File) =>
    run(async () => {
      const imp = await uploadPriceSheet(file);
      show(imp.id, imp.errorRows ? 'error' : 'all');
      refresh();
      if (imp.errorRows) feedback.error(`价格表有 ${imp.errorRows} 行错误，请下载错误报告修改后重新上传`);
      else feedback.success('校验通过，请核对预览后确认导入');
    });

  const confirm = (imp: PriceImportVO) =>
    feedback.modal().confirm({
      title: '确认导入',
      content: `将更新 ${imp.upRows + imp.downRows} 件商品的价格${imp.flaggedRows ? `（其中 ${imp.flaggedRows} 件涨跌超过 ${pct}，提交平台审核后生效）` : ''}，库存与货期同时更新${imp.newRows ? `；${imp.newRows} 个新增商品提交平台审核，通过后上架` : ''}。全部生效或全部不变。`,
      okText: '确认导入',
      onOk: () =>
        run(
          async () => {
            await confirmPriceImport(imp.id);
            refresh();
            onApplied();
          },
          imp.newRows ? `导入已生效，${imp.newRows} 个新增商品已提交平台审核` : '导入已生效',
        ),
    });

  const rollback = (imp: PriceImportVO) =>
    feedback.modal().confirm({
      title: '撤销本次导入',
      content: `将把本次导入涉及的 ${imp.upRows + imp.downRows + imp.sameRows} 件商品恢复为导入前的价格、库存与货期，并记为一条新的导入记录；仍在平台审核中的价格申请${imp.newRows ? '与新增商品申请' : ''}将撤回。`,
      okText: '撤销导入',
      okButtonProps: { danger: true },
      onOk: () =>
        run(async () => {
          const back = await rollbackPriceImport(imp.id);
          refresh();
          onApplied();
          show(back.id);
          feedback.success(rolledBack(back));
        }),
    });

  const imp = current.data;
  return (
    <Drawer open={open} width={1200} title="价格导入" onClose={onClose} destroyOnHidden data-testid="price-import">
      <Flex gap={8} wrap style={{ marginBottom: 12 }} align="center">
        <Button onClick={() => void run(async () => saveFile(await downloadPriceTemplate()))}>下载模板</Button>
        <Button onClick={() => void run(async () => saveFile(await exportPrices()))}>导出现价</Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button type="primary" loading={busy} data-testid="price-upload">
            上传价格表
          </Button>
        </Upload>
        <Typography.Text type="secondary">
          按品牌、货号与规格匹配商品；未匹配的行填写商品名称、单位与分类即为新增商品（确认后提交平台审核）；单价、库存、货期为空的格保持原值；上传后{' '}
          {PRICE_IMPORT_CONFIRM_MINUTES} 分钟内确认生效，涨跌超过 {pct} 的价格由平台审核后生效。
        </Typography.Text>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as typeof tab)}
        items={[
          {
            key: 'current',
            label: '导入预览',
            children: imp ? (
              <>
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
                {imp.status === 'validated' && (
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
                          <Button size="small" onClick={() => void run(async () => saveFile(await downloadImportErrors(imp.id)))}>
                            下载错误报告
                          </Button>
                        )}
                        <Button size="small" onClick={() => void run(async () => cancelPriceImport(imp.id).then(refresh), '已放弃本次导入')}>
                          放弃
                        </Button>
                        <Button size="small" type="primary" disabled={imp.errorRows > 0} onClick={() => confirm(imp)} data-testid="price-confirm">
                          确认导入
                        </Button>
                      </Space>
                    }
                  />
                )}
                <Segmented
                  value={filter}
                  onChange={(v) => {
                    setFilter(v as Filter);
                    setPage(1);
                  }}
                  options={FILTERS}
                  style={{ marginBottom: 8 }}
                />
                <Table<PriceRowVO>
                  rowKey="id"
                  size="small"
                  loading={rows.isLoading}
                  dataSource={rows.data?.records ?? []}
                  pagination={{
                    current: page,
                    pageSize: 10,
                    total: rows.data?.total ?? 0,
                    onChange: setPage,
                    showTotal: (n) => `共 ${n} 行`,
                    showSizeChanger: false,
                  }}
                  locale={{ emptyText: '没有此类行' }}
                  columns={[
                    { title: '行号', dataIndex: 'rowNo', width: 60 },
                    { title: '货号', dataIndex: 'catalogNo', width: 120 },
                    { title: '品牌', dataIndex: 'brand', width: 90 },
                    { title: '规格', dataIndex: 'spec', width: 80 },
                    {
                      title: '商品',
                      dataIndex: 'itemName',
                      ellipsis: true,
                      render: (v: string | null, r) =>
                        r.newItem ? (
                          <Space direction="vertical" size={0}>
                            <span>{v}</span>
                            <Typography.Text type="secondary" style={{ fontSize: 12 }} title={r.newItem.category}>
                              {[r.newItem.cas && `CAS ${r.newItem.cas}`, r.newItem.unit, r.newItem.category].filter(Boolean).join(' · ')}
                            </Typography.Text>
                          </Space>
                        ) : (
                          (v ?? '—')
                        ),
                    },
                    {
                      title: '原价',
                      dataIndex: 'oldPrice',
                      align: 'right',
                      width: 100,
                      render: (f: number | null) => (f === null ? '—' : <MoneyCell fen={f} />),
                    },
                    {
                      title: '新价',
                      dataIndex: 'newPrice',
                      align: 'right',
                      width: 100,
                      render: (f: number | null) => (f === null ? '—' : <MoneyCell fen={f} strong />),
                    },
                    {
                      title: '库存',
                      width: 100,
                      render: (_: unknown, r) =>
                        r.newItem ? r.newStock : r.oldStock === null ? '—' : r.oldStock === r.newStock ? r.newStock : `${r.oldStock} → ${r.newStock}`,
                    },
                    {
                      title: '货期',
                      width: 110,
                      render: (_: unknown, r) =>
                        r.newItem || r.oldLead === r.newLead ? leadText(r.newLead) : `${leadText(r.oldLead)} → ${leadText(r.newLead)}`,
                    },
                    {
                      title: '说明',
                      width: 210,
                      render: (_: unknown, r) =>
                        r.error ? (
                          <Typography.Text type="danger">{r.error}</Typography.Text>
                        ) : r.newItem ? (
                          proposalNote(r.newItem)
                        ) : r.flagged ? (
                          <Tag color="orange">涨跌超过 {pct}，平台审核后生效</Tag>
                        ) : null,
                    },
                  ]}
                />
              </>
            ) : (
              <Alert
                type="info"
                showIcon
                message="先下载模板或导出现价，修改单价、库存、货期后上传（新增商品另填商品名称、单位与分类）；上传后在这里核对每一行的变化。"
              />
            ),
          },
          {
            key: 'records',
            label: '导入记录',
            children: (
              <Table<PriceImportVO>
                rowKey="id"
                size="small"
                loading={records.isLoading}
                dataSource={records.data?.records ?? []}
                pagination={{
                  current: recordPage,
                  pageSize: 10,
                  total: records.data?.total ?? 0,
                  onChange: setRecordPage,
                  showTotal: (n) => `共 ${n} 条`,
                  showSizeChanger: false,
                }}
                locale={{ emptyText: '还没有导入过价格表' }}
                columns={[
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
                        <Button type="link" size="small" onClick={() => show(r.id)}>
                          查看
                        </Button>
                        {r.canRollback && (
                          <Button type="link" size="small" danger onClick={() => rollback(r)} data-testid="price-rollback">
                            撤销本次导入
                          </Button>
                        )}
                      </Space>
                    ),
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
