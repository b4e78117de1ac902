import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';

/**
 * 导出: runs the page's export (download and save), busy meanwhile. Pages show it only where the
 * page grants export (ListPage checks the flag); failures are shown by the error catalogue.
 */
export function ExportButton({ run, testId }: { run: () => Promise<unknown>; testId?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        try {
          await run();
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
