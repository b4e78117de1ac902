import { INVOICE_KIND_TEXT, INVOICE_KINDS, type InvoiceKind, isDigitalKind } from '@kc/contracts/finance/invoices';
import { Alert, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import type { BillableVO, ParsedInvoiceVO } from '../api/invoices-api.ts';
import { MatchBadge } from './match-badge.tsx';

/** The sub-orders the invoice bills, each with its match and deadline. */
export function BilledSubOrders({ subs }: { subs: BillableVO[] }) {
  return (
    <Flex vertical gap={4} style={{ marginBottom: 12 }}>
      <Typography.Text type="secondary">本张发票所开的子订单（按顺序、按税率分配金额，不能超过验收金额）：</Typography.Text>
      {subs.map((s) => (
        <Flex key={s.subOrderId} gap={8} align="center" wrap>
          <Typography.Text strong>{s.subNo}</Typography.Text>
          <span>{s.instituteName}</span>
          <MoneyCell fen={s.totalAmount} />
          <MatchBadge match={s.match} />
          {s.deadline && <Typography.Text type={s.daysLeft !== null && s.daysLeft < 0 ? 'danger' : 'secondary'}>期限 {s.deadline}</Typography.Text>}
        </Flex>
      ))}
    </Flex>
  );
}

/** 发票文件, and what was read from it. */
export function InvoiceFileField({ reading, parsed, onFile }: { reading: boolean; parsed: ParsedInvoiceVO | null; onFile: (files: UploadedFile[]) => void }) {
  return (
    <>
      <Form.Item name="file" label="发票文件" extra="上传数电 XML 或 PDF 后自动读取号码、日期、金额与明细，请核对；OFD 与图片请手工填写" valuePropName="value">
        <FilePicker
          upload={(files) => uploadFiles('invoice', files)}
          max={1}
          accept=".pdf,.ofd,.xml,.jpg,.jpeg,.png,application/pdf,application/xml,text/xml,image/jpeg,image/png"
          buttonText={reading ? '正在读取…' : '选择发票文件'}
          testId="invoice-file"
          onChange={onFile}
        />
      </Form.Item>
      {parsed && (
        <Alert
          style={{ marginBottom: 12 }}
          type={parsed.warnings.length ? 'warning' : 'success'}
          showIcon
          data-testid="invoice-parsed"
          message={`已从${parsed.source === 'xml' ? '数电 XML' : 'PDF'}读取发票信息，请核对后上传`}
          description={parsed.warnings.length ? parsed.warnings.join('；') : undefined}
        />
      )}
    </>
  );
}

/** The invoice's head: kind, code (paper kinds), number, date, buyer and seller. A red invoice keeps the blue one's parties. */
export function InvoiceHeadFields({ kind, red }: { kind: InvoiceKind | undefined; red: boolean }) {
  const paper = !!kind && !isDigitalKind(kind);
  return (
    <Row gutter={12}>
      <Col span={6}>
        <Form.Item name="kind" label="发票种类" rules={[{ required: true }]}>
          <Select options={INVOICE_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_TEXT[k] }))} disabled={red} />
        </Form.Item>
      </Col>
      {paper && (
        <Col span={6}>
          <Form.Item name="code" label="发票代码" rules={[{ required: true, pattern: /^\d{10,12}$/, message: '发票代码为 10–12 位数字' }]}>
            <Input maxLength={12} />
          </Form.Item>
        </Col>
      )}
      <Col span={paper ? 6 : 12}>
        <Form.Item
          name="number"
          label="发票号码"
          rules={[
            kind && isDigitalKind(kind)
              ? { required: true, pattern: /^\d{20}$/, message: '数电发票号码为 20 位数字' }
              : { required: true, pattern: /^\d{8}$/, message: '发票号码为 8 位数字' },
          ]}
        >
          <Input maxLength={20} data-testid="invoice-number" />
        </Form.Item>
      </Col>
      <Col span={6}>
        <Form.Item name="issueDate" label="开票日期" rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: '格式如 2026-11-20' }]}>
          <Input maxLength={10} />
        </Form.Item>
      </Col>
      <PartyFields red={red} />
    </Row>
  );
}

function PartyFields({ red }: { red: boolean }) {
  const party = (name: string, label: string, maxLength: number) => (
    <Col span={12}>
      <Form.Item name={name} label={label} rules={[{ required: true, whitespace: true }]}>
        <Input maxLength={maxLength} disabled={red} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      {party('buyerName', '购买方名称', 100)}
      {party('buyerTaxId', '购买方纳税人识别号', 20)}
      {party('sellerName', '销售方名称', 100)}
      {party('sellerTaxId', '销售方纳税人识别号', 20)}
    </>
  );
}
