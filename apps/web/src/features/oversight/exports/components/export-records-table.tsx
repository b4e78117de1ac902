import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_STATUS_TEXT } from '@kc/contracts/oversight/exports';
import { Button, Progress, type TableColumnsType, Tooltip } from 'antd';
import { useEffect } from 'react';
import { StatusTag, statusTable } from '../../../../components/status-tag.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import { type ExportRecordVO, getFileInfo } from '../api/exports-api.ts';

export const EXPORT_STATUS = statusTable(EXPORT_STATUS_TEXT, { queued: 'default', running: 'processing', done: 'success', failed: 'error' });

/** How often a list with a queued or running export asks again. */
const POLL_MS = 2000;

/** Asks for the list again every 2 s while one of its exports is queued or running. */
export function usePollWhileRunning(records: ExportRecordVO[], refetch: () => unknown) {
  const busy = records.some((r) => r.status === 'queued' || r.status === 'running');
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void refetch(), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, refetch]);
}

/** Opens the file through a fresh signed link (links last 30 minutes; the list's rows never hold one). */
async function download(id: number) {
  const info = await getFileInfo(id);
  if (info.downloadUrl) window.location.assign(info.downloadUrl);
}

/** The columns of every 导出记录 list; `who` adds the exporter's name (institute and platform lists). */
export function exportRecordColumns({ who }: { who?: boolean } = {}): TableColumnsType<ExportRecordVO> {
  const cols: TableColumnsType<ExportRecordVO> = [
    { title: '文件名', dataIndex: 'fileName', width: 200 },
    { title: '导出内容', key: 'what', width: 180, render: (_v, r) => `${r.pageText} · ${r.kindText}` },
  ];
  if (who) cols.push({ title: '导出人', dataIndex: 'userName', width: 100 });
  cols.push(
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (v: string, r) =>
        r.error ? (
          <Tooltip title={r.error}>
            <span>
              <StatusTag value={v} table={EXPORT_STATUS} testId="export-status" />
            </span>
          </Tooltip>
        ) : (
          <StatusTag value={v} table={EXPORT_STATUS} testId="export-status" />
        ),
    },
    {
      title: '进度',
      dataIndex: 'progress',
      width: 160,
      render: (p: number, r) => (
        <Progress
          data-testid="export-progress"
          percent={p}
          size="small"
          status={r.status === 'failed' ? 'exception' : r.status === 'running' ? 'active' : undefined}
        />
      ),
    },
    { title: '行数', dataIndex: 'rowCount', width: 90, align: 'right' },
    { title: '导出时间', dataIndex: 'createdAt', width: 170, render: (v: string) => shanghaiTime(v) },
    { title: '保留至', dataIndex: 'expiresAt', width: 170, render: (v: string) => shanghaiTime(v) },
    {
      title: '操作',
      key: 'op',
      width: 100,
      fixed: 'right',
      render: (_v, r) =>
        r.status === 'done' ? (
          <Button type="link" size="small" icon={<DownloadOutlined />} data-testid="export-download" onClick={() => void download(r.id).catch(() => undefined)}>
            下载
          </Button>
        ) : null,
    },
  );
  return cols;
}
