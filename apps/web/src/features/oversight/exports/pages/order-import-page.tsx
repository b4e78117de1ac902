import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { OrderImportVO } from '@kc/contracts/oversight/exports';
import { Alert, Button, Card, Flex, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { saveFile } from '../../../../lib/file-download.ts';
import { money } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { confirmOrderImport, orderImportTemplate, uploadOrderImport } from '../api/exports-api.ts';

const STATUS: Record<OrderImportVO['status'], { text: string; color: string }> = {
  ready: { text: '待确认', color: 'processing' },
  invalid: { text: '有错误', color: 'error' },
  applied: { text: '已导入', color: 'success' },
  expired: { text: '已过期', color: 'default' },
};

/**
 * /cass/system/orderImport (历史订单导入, platform): template → upload → every bad row listed (row
 * number, column, reason) or the preview → 确认导入 writes every order in one transaction.
 */
export function OrderImportPage({ entry, home }: MenuPageProps) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<OrderImportVO | null>(null);

  const send = async (file: File) => {
    setBusy(true);
    try {
      setResult(await uploadOrderImport(file));
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
    }
  };
  const confirm = () =>
    feedback.modal().confirm({
      title: '确认导入',
      content: `将生成 ${result?.orderCount ?? 0} 个已完成的订单（${result?.totalRows ?? 0} 行），确认导入吗？`,
      okText: '确认导入',
      cancelText: '取消',
      onOk: async () => {
        if (!result) return;
        const r = await confirmOrderImport(result.id);
        feedback.success(`已导入 ${r.orders} 个订单（${r.lines} 行）`);
        setResult({ ...result, status: 'applied' });
      },
    });

  return (
    <PageFrame
      title={entry.name}
      parents={entry.parents}
      home={home}
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => void orderImportTemplate().then(saveFile, () => undefined)}>
          下载模板
        </Button>
      }
    >
      <Card size="small">
        <Flex vertical gap={12}>
          <Alert
            type="info"
            showIcon
            message="每行一个订单明细；原订单号相同的行合并为一个订单（每个供应商一个子订单），原订单号为空的行各自成为一个订单。导入的订单为已完成状态，不扣库存。同一采购人的同一原订单号只能导入一次。"
          />
          <Upload
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              // sent here, not by Upload's own request (which would not be signed)
              void send(f);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="order-import-upload">
              上传订单文件
            </Button>
          </Upload>
        </Flex>
      </Card>
      {result && (
        <Card
          size="small"
          style={{ marginTop: 16 }}
          title={
            <Flex gap={8} align="center">
              <span>{result.fileName}</span>
              <Tag color={STATUS[result.status].color}>{STATUS[result.status].text}</Tag>
              <span>
                共 {result.totalRows} 行，{result.orderCount} 个订单{result.errorRows ? `，${result.errorRows} 行有错误` : ''}
              </span>
            </Flex>
          }
          extra={
            result.status === 'ready' ? (
              <Button type="primary" onClick={confirm} data-testid="order-import-confirm">
                确认导入
              </Button>
            ) : null
          }
        >
          {result.errors.length ? (
            <Table
              rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
              size="small"
              dataSource={result.errors}
              pagination={{ pageSize: 20 }}
              columns={[
                { title: '行号', dataIndex: 'row', width: 80 },
                { title: '列', dataIndex: 'column', width: 120 },
                { title: '错误原因', dataIndex: 'message' },
              ]}
            />
          ) : (
            <Table
              rowKey="row"
              size="small"
              scroll={{ x: 1200 }}
              dataSource={result.preview}
              pagination={{ pageSize: 20 }}
              columns={[
                { title: '行号', dataIndex: 'row', width: 70 },
                { title: '原订单号', dataIndex: 'group', width: 130 },
                { title: '研究所', dataIndex: 'institute', width: 180 },
                { title: '采购人', dataIndex: 'buyer', width: 100 },
                { title: '供应商', dataIndex: 'supplier', width: 200 },
                { title: '商品', dataIndex: 'name', width: 160 },
                { title: '品牌', dataIndex: 'brand', width: 90 },
                { title: '货号', dataIndex: 'catalogNo', width: 110 },
                { title: '规格', dataIndex: 'spec', width: 90 },
                { title: '数量', dataIndex: 'quantity', width: 70, align: 'right' },
                { title: '单价', dataIndex: 'unitPrice', width: 100, align: 'right', render: (v: number) => money(v) },
                { title: '金额', dataIndex: 'amount', width: 110, align: 'right', render: (v: number) => money(v) },
                { title: '下单日期', dataIndex: 'orderDate', width: 110 },
              ]}
            />
          )}
        </Card>
      )}
    </PageFrame>
  );
}
