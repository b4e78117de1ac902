import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { type ExportList, exportOrders } from '../api/documents-api.ts';
import { saveFile } from '../api/file-download.ts';
import type { OrderFilter } from '../api/order-types.ts';

/** 导出: the list's rows as an Excel file, with the list's filters (shown only where the page grants export). */
export function ExportButton({ list, filter }: { list: ExportList; filter: OrderFilter }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid="export-orders"
      onClick={async () => {
        setBusy(true);
        try {
          saveFile(await exportOrders(list, filter));
        } catch {
          // shown by the error catalogue
        } finally {
          setBusy(false);
        }
      }}
    >
      导出
    </Button>
  );
}
