import { Drawer, Tabs } from 'antd';
import { useReviewPercent } from './price-import-model.tsx';
import { PriceImportPreview } from './price-import-preview.tsx';
import { PriceImportRecords } from './price-import-records.tsx';
import { PriceImportToolbar } from './price-import-toolbar.tsx';
import { usePriceImport } from './use-price-import.ts';

/**
 * 价格导入: download the template or the current prices, upload the edited sheet, read the
 * preview (every row with its old and new price, errors and the moves beyond ±30% that the
 * platform reviews), then confirm within the hour or give up; the records list every import with
 * 撤销本次导入 on the latest applied one.
 */
export function PriceImportDrawer({ open, onClose, onApplied }: { open: boolean; onClose: () => void; onApplied: () => void }) {
  const pct = useReviewPercent();
  const m = usePriceImport(open, pct, onApplied);
  return (
    <Drawer open={open} width={1200} title="价格导入" onClose={onClose} destroyOnHidden data-testid="price-import">
      <PriceImportToolbar model={m} pct={pct} />
      <Tabs
        activeKey={m.tab}
        onChange={(k) => m.setTab(k as typeof m.tab)}
        items={[
          { key: 'current', label: '导入预览', children: <PriceImportPreview model={m} pct={pct} /> },
          { key: 'records', label: '导入记录', children: <PriceImportRecords model={m} /> },
        ]}
      />
    </Drawer>
  );
}
