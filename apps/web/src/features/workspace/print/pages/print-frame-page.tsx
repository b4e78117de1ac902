import { PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { APP_NAME } from '../../../../lib/route-meta.ts';
import { useRouteTitle } from '../../../../lib/use-route-title.ts';

/** Columns of each printed document (docs/domains/platform.md#route-classes). */
const DOCUMENTS: Record<string, { columns: string[]; party: [string, string]; signatures: string[] }> = {
  order: {
    columns: ['序号', '商品名称', '货号', '规格', '品牌', '数量', '单价（元）', '金额（元）'],
    party: ['采购单位', '供应商'],
    signatures: ['采购人', '课题组长', '验收人'],
  },
  outbound: {
    columns: ['序号', '物品名称', '规格', '批号', '出库数量', '单位', '领用人'],
    party: ['出库单位', '领用单位'],
    signatures: ['经办人', '领用人', '保管员'],
  },
  inbound: {
    columns: ['序号', '物品名称', '规格', '批号', '入库数量', '单位', '存放位置'],
    party: ['入库单位', '供应商'],
    signatures: ['经办人', '验收人', '保管员'],
  },
  claim: { columns: ['序号', '订单号', '商品名称', '数量', '金额（元）', '发票号'], party: ['报销单位', '报销人'], signatures: ['报销人', '课题组长', '财务'] },
};

const KIND_BY_PATH: Record<string, keyof typeof DOCUMENTS> = {
  '/printOutboundOrder': 'outbound',
  '/CassPrintOutboundOrderRubber': 'outbound',
  '/printPutOrder': 'inbound',
  '/CassPrintPutOrderRubber': 'inbound',
  '/printPDF': 'claim',
  '/printSupplierPDF': 'claim',
};

/**
 * A print page's sheet: title, document number from the address, the parties, the item table and
 * the signature lines. The rows are filled from the order, stock and claim records these pages
 * print once those functions are in place; the sheet already prints as laid out.
 */
export function PrintFramePage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const title = useRouteTitle('打印');
  const doc = DOCUMENTS[KIND_BY_PATH[pathname] ?? 'order'];
  const docNo = params.get('id') ?? params.get('orderId') ?? params.get('ids') ?? '—';
  const cell = { border: '1px solid #333', padding: '6px 8px', fontSize: 12 } as const;
  return (
    <div style={{ width: 794, maxWidth: '100%', margin: '0 auto', padding: 32, color: '#000' }} data-testid="print-sheet">
      <Flex justify="flex-end" className="no-print" style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
      </Flex>
      <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 4 }}>
        {title}
      </Typography.Title>
      <div style={{ textAlign: 'center', marginBottom: 16 }}>{APP_NAME}</div>
      <Flex justify="space-between" style={{ marginBottom: 8, fontSize: 13 }}>
        <span>单号：{docNo}</span>
        <span>打印时间：{new Date().toLocaleString('zh-CN', { hour12: false })}</span>
      </Flex>
      <Flex justify="space-between" style={{ marginBottom: 8, fontSize: 13 }}>
        <span>{doc.party[0]}：</span>
        <span style={{ minWidth: 280 }}>{doc.party[1]}：</span>
      </Flex>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {doc.columns.map((c) => (
              <th key={c} style={{ ...cell, background: '#f5f5f5' }}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td colSpan={doc.columns.length} style={{ ...cell, textAlign: 'center', color: '#666' }}>
              暂无可打印的明细：单据数据将随{doc === DOCUMENTS.claim ? '报销' : doc === DOCUMENTS.order ? '订单' : '出入库'}功能上线后在此生成
            </td>
          </tr>
          <tr>
            <td colSpan={doc.columns.length - 1} style={{ ...cell, textAlign: 'right' }}>
              合计
            </td>
            <td style={cell} />
          </tr>
        </tbody>
      </table>
      <Flex justify="space-between" style={{ marginTop: 48, fontSize: 13 }}>
        {doc.signatures.map((s) => (
          <span key={s}>{s}（签字）：＿＿＿＿＿＿</span>
        ))}
      </Flex>
    </div>
  );
}
