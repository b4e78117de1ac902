import type { PriceImportVO } from '@kc/contracts/supply/catalog-price-imports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usePagedQuery } from '../../../../components/list-page/index.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { catalogKeys } from '../api/catalog-query-keys.ts';
import {
  cancelPriceImport,
  confirmPriceImport,
  getImportRecords,
  getImportRows,
  getPriceImport,
  rollbackPriceImport,
  uploadPriceSheet,
} from '../api/supplier-items-api.ts';
import { confirmText, type Filter, rollbackText, rolledBack, rowsFilter } from './price-import-model.tsx';

/** The drawer's import: the one shown, its rows by filter, the records; and what can be done to it. */
export function usePriceImport(open: boolean, pct: string, onApplied: () => void) {
  const client = useQueryClient();
  const [tab, setTab] = useState<'current' | 'records'>('current');
  const [importId, setImportId] = useState<number | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const { saving: busy, run: running } = useSaving();
  const records = usePagedQuery({
    queryKey: catalogKeys.priceImports,
    queryFn: getImportRecords,
    enabled: open,
    showTotal: (n) => `共 ${n} 条`,
    showSizeChanger: false,
  });
  const current = useQuery({
    queryKey: catalogKeys.priceImport(importId),
    queryFn: () => getPriceImport(importId as number),
    enabled: open && importId !== null,
  });
  const rows = usePagedQuery({
    queryKey: catalogKeys.priceImportRows(importId, filter),
    queryFn: (page) => getImportRows({ importId: importId as number, ...rowsFilter(filter), ...page }),
    enabled: open && importId !== null,
    showTotal: (n) => `共 ${n} 行`,
    showSizeChanger: false,
  });
  useResumeWaiting(open, importId, records.query.data?.records, setImportId);

  const show = (id: number, f: Filter = 'all') => {
    setImportId(id);
    setFilter(f);
    rows.restart();
    setTab('current');
  };
  const choose = (f: Filter) => {
    setFilter(f);
    rows.restart();
  };
  const refresh = () => {
    void client.invalidateQueries({ queryKey: catalogKeys.priceImports });
    void client.invalidateQueries({ queryKey: catalogKeys.priceImportAll });
  };
  const run = (work: () => Promise<unknown>, done?: string) =>
    running(async () => {
      await work();
      if (done) feedback.success(done);
    });
  const actions = usePriceImportActions({ run, show, refresh, pct, onApplied });
  return { tab, setTab, filter, choose, busy, run, records, current, rows, show, refresh, ...actions };
}

/** Opening the drawer resumes an import that still waits for confirmation. */
function useResumeWaiting(open: boolean, importId: number | null, records: PriceImportVO[] | undefined, setImportId: (id: number) => void) {
  useEffect(() => {
    if (!open || importId !== null || !records) return;
    const waiting = records.find((r) => r.status === 'validated');
    if (waiting) setImportId(waiting.id);
  }, [open, importId, records, setImportId]);
}

interface ActionDeps {
  run: (work: () => Promise<unknown>, done?: string) => Promise<boolean>;
  show: (id: number, f?: Filter) => void;
  refresh: () => void;
  pct: string;
  onApplied: () => void;
}

/** 上传, 确认导入, 放弃 and 撤销本次导入. */
function usePriceImportActions({ run, show, refresh, pct, onApplied }: ActionDeps) {
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
      content: confirmText(imp, pct),
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
      content: rollbackText(imp),
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
  const cancel = (imp: PriceImportVO) => run(async () => cancelPriceImport(imp.id).then(refresh), '已放弃本次导入');
  return { upload, confirm, rollback, cancel };
}

export type PriceImportModel = ReturnType<typeof usePriceImport>;
