import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Result, Space, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { type DownloadedFile, saveFile } from '../lib/file-download.ts';

const CSS = `
.kc-print { background: #f0f2f5; min-height: 100vh; padding: 16px 0 32px; color: #000; }
.kc-print-toolbar { width: 210mm; max-width: 100%; margin: 0 auto 12px; }
.kc-sheet { width: 210mm; min-height: 297mm; max-width: 100%; margin: 0 auto 16px; padding: 14mm 12mm; background: #fff; box-sizing: border-box;
  box-shadow: 0 2px 8px rgba(0,0,0,0.12); font-size: 12px; line-height: 1.6; font-family: "SimSun", "Songti SC", "Noto Serif CJK SC", serif; }
.kc-sheet h1 { text-align: center; font-size: 22px; letter-spacing: 4px; margin: 0 0 4px; }
.kc-sheet .kc-sub { text-align: center; margin-bottom: 12px; }
.kc-sheet .kc-meta { display: grid; grid-template-columns: 1fr 1fr; gap: 2px 24px; margin-bottom: 8px; }
.kc-sheet .kc-meta .kc-wide { grid-column: 1 / -1; }
.kc-sheet table { width: 100%; border-collapse: collapse; margin: 6px 0 10px; }
.kc-sheet th, .kc-sheet td { border: 1px solid #333; padding: 3px 5px; vertical-align: top; }
.kc-sheet th { background: #f2f2f2; font-weight: 600; white-space: nowrap; }
.kc-sheet td.num { text-align: right; white-space: nowrap; }
.kc-sheet thead { display: table-header-group; }
.kc-sheet tr { break-inside: avoid; }
.kc-sheet h2 { font-size: 14px; margin: 10px 0 2px; }
.kc-sheet .kc-sign { display: flex; justify-content: space-between; margin-top: 36px; gap: 16px; }
.kc-sheet .kc-sign span { flex: 1; white-space: nowrap; line-height: 2.2; }
@media print {
  .no-print { display: none !important; }
  html, body, .kc-print { background: #fff !important; padding: 0; }
  .kc-sheet { width: auto; min-height: 0; margin: 0; padding: 0; box-shadow: none; break-after: page; page-break-after: always; }
  .kc-sheet:last-child { break-after: auto; page-break-after: auto; }
  @page { size: A4; margin: 12mm; }
}
`;

interface Props {
  /** the PDF of the same document from the server */
  pdf?: () => Promise<DownloadedFile>;
  loading?: boolean;
  error?: string | null;
  children: ReactNode;
}

/**
 * A print page: no shell, no watermark; A4 sheets on screen, and only the sheets on paper. 打印
 * prints the page; 下载 PDF fetches the server's PDF of the same document through the signed client.
 */
export function PrintSheetPage({ pdf, loading, error, children }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="kc-print">
      <style>{CSS}</style>
      <Flex className="kc-print-toolbar no-print" justify="flex-end">
        <Space>
          {pdf && (
            <Button
              icon={<DownloadOutlined />}
              loading={busy}
              disabled={loading || !!error}
              onClick={async () => {
                setBusy(true);
                try {
                  saveFile(await pdf());
                } catch {
                  // shown by the error catalogue
                } finally {
                  setBusy(false);
                }
              }}
            >
              下载 PDF
            </Button>
          )}
          <Button type="primary" icon={<PrinterOutlined />} disabled={loading || !!error} onClick={() => window.print()}>
            打印
          </Button>
        </Space>
      </Flex>
      {loading ? <Spin size="large" style={{ display: 'block', margin: '120px auto' }} /> : error ? <Result status="404" title={error} /> : children}
    </div>
  );
}
