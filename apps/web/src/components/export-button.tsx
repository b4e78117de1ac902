import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { useState } from 'react';

/**
 * 导出: runs the page's export (download and save), busy meanwhile. Pages show it only where the
 * page grants export (ListPage checks the flag); failures are shown by the error catalogue. With
 * `runBackground` a menu beside it offers 后台导出 (the file is made in the background and
 * downloaded from 导出记录).
 */
export function ExportButton({ run, runBackground, testId }: { run: () => Promise<unknown>; runBackground?: () => Promise<unknown>; testId?: string }) {
  const [busy, setBusy] = useState(false);
  const go = (fn: () => Promise<unknown>) => async () => {
    setBusy(true);
    try {
      await fn();
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
    }
  };
  const main = (
    <Button icon={<DownloadOutlined />} loading={busy} data-testid={testId} onClick={go(run)}>
      导出
    </Button>
  );
  if (!runBackground) return main;
  return (
    <Space.Compact>
      {main}
      <Dropdown
        disabled={busy}
        menu={{ items: [{ key: 'background', label: '后台导出（在导出记录中下载）' }], onClick: go(runBackground) }}
        trigger={['click']}
      >
        <Button icon={<DownOutlined />} aria-label="更多导出方式" data-testid={testId ? `${testId}-more` : undefined} />
      </Dropdown>
    </Space.Compact>
  );
}
