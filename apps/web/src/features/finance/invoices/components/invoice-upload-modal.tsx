import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INVOICE_KIND_TEXT, INVOICE_KINDS, type InvoiceKind, isDigitalKind } from '@kc/contracts/finance/invoices';
import { splitTax, TAX_RATE_TEXT, TAX_RATES, type TaxRate } from '@kc/contracts/platform/tax';
import { DICT } from '@kc/contracts/shared/dicts';
import { Alert, Button, Col, Divider, Flex, Form, Input, InputNumber, Modal, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { useDictOptions } from '../../../../lib/dicts.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import { type BillableVO, type InvoiceDetailVO, type ParsedInvoiceVO, parseInvoice, uploadInvoice } from '../api/invoices-api.ts';
import { MatchBadge } from './match-badge.tsx';

interface LineValues {
  name: string;
  quantity?: string;
  /** yuan, tax-inclusive */
  amount: number;
  taxRate: TaxRate;
  exclAmount?: number;
  taxAmount?: number;
}
interface Values {
  file?: UploadedFile[];
  kind: InvoiceKind;
  code?: string;
  number: string;
  issueDate: string;
  sellerName: string;
  sellerTaxId: string;
  buyerName: string;
  buyerTaxId: string;
  lines: LineValues[];
  remark?: string;
}

const fen = (yuan: number | undefined | null) => (yuan === undefined || yuan === null ? undefined : Math.round(yuan * 100));
const yuan = (f: number) => f / 100;
const BUCKET_NAME: Record<string, string> = { '13': '*化学试剂*试剂耗材一批（详见清单）', '6': '*研发和技术服务*检测服务', '9': '*货物*一批（详见清单）' };
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** What the chosen sub-orders may still be billed, per rate: the default lines of a bucket invoice. */
function remainingLines(subs: BillableVO[]): LineValues[] {
  const left = new Map<string, number>();
  for (const s of subs) for (const b of s.match.buckets) left.set(b.taxRate, (left.get(b.taxRate) ?? 0) + Math.max(0, b.accepted - b.refunded - b.invoiced));
  return [...left]
    .filter(([, v]) => v > 0)
    .map(([rate, v]) => ({ name: BUCKET_NAME[rate] ?? '*货物*一批（详见清单）', amount: yuan(v), taxRate: rate as TaxRate }));
}

const fromParsed = (p: ParsedInvoiceVO): Partial<Values> => ({
  ...(p.kind ? { kind: p.kind } : {}),
  ...(p.code ? { code: p.code } : {}),
  ...(p.number ? { number: p.number } : {}),
  ...(p.issueDate ? { issueDate: p.issueDate } : {}),
  ...(p.sellerName ? { sellerName: p.sellerName } : {}),
  ...(p.sellerTaxId ? { sellerTaxId: p.sellerTaxId } : {}),
  ...(p.buyerName ? { buyerName: p.buyerName } : {}),
  ...(p.buyerTaxId ? { buyerTaxId: p.buyerTaxId } : {}),
  ...(p.lines.length
    ? {
        lines: p.lines.map((l) => ({
          name: l.name,
          quantity: l.quantity ?? undefined,
          amount: yuan(l.amount),
          taxRate: l.taxRate,
          exclAmount: l.exclAmount === undefined ? undefined : yuan(l.exclAmount),
          taxAmount: l.taxAmount === undefined ? undefined : yuan(l.taxAmount),
        })),
      }
    : {}),
});

/**
 * 上传发票: the file first (a 数电 XML or PDF is read into the form for confirmation), then the
 * invoice's fields and lines, billed to the chosen sub-orders rate by rate. With `red` it is the
 * 红字发票 reversing that blue invoice in full: its lines come negated and only the new number,
 * date and file are asked.
 */
export function InvoiceUploadModal({
  open,
  subs,
  red,
  sellerName,
  onClose,
  onDone,
}: {
  open: boolean;
  subs: BillableVO[];
  red: InvoiceDetailVO | null;
  sellerName?: string;
  onClose: () => void;
  onDone: () => void;
}) {
  // the tax rates offered: the tax_rate dictionary (the built-in list until it loads)
  const taxRates = useDictOptions(
    DICT.TAX_RATE,
    TAX_RATES.map((r) => ({ value: r, label: TAX_RATE_TEXT[r] })),
  ).options;
  const [form] = Form.useForm<Values>();
  const [parsed, setParsed] = useState<ParsedInvoiceVO | null>(null);
  const [reading, setReading] = useState(false);
  const [busy, setBusy] = useState(false);
  const lines = Form.useWatch('lines', form) ?? [];
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setParsed(null);
    if (red) {
      form.setFieldsValue({
        kind: red.kind,
        issueDate: today(),
        sellerName: red.sellerName,
        sellerTaxId: red.sellerTaxId,
        buyerName: red.buyerName,
        buyerTaxId: red.buyerTaxId,
        lines: red.lines.map((l) => ({
          name: l.name,
          quantity: l.quantity ?? undefined,
          amount: -yuan(l.exclAmount + l.taxAmount),
          taxRate: l.taxRate as TaxRate,
        })),
      });
    } else {
      const first = subs[0];
      form.setFieldsValue({
        kind: 'digital_normal',
        issueDate: today(),
        sellerName: sellerName ?? '',
        buyerName: first?.buyerTitle ?? first?.instituteName ?? '',
        buyerTaxId: first?.buyerTaxId ?? '',
        lines: remainingLines(subs),
      });
    }
  }, [open, red, subs, sellerName, form]);

  const onFile = async (files: UploadedFile[]) => {
    form.setFieldValue('file', files);
    const f = files[0];
    if (!f || (f.mime !== 'application/xml' && f.mime !== 'application/pdf')) return;
    setReading(true);
    try {
      const p = await parseInvoice(f.id);
      setParsed(p);
      const values = fromParsed(p);
      // a red invoice keeps the blue one's negated lines unless the file has its own
      form.setFieldsValue(red && !p.lines.length ? { ...values, lines: form.getFieldValue('lines') } : values);
    } catch {
      // reported by the api client
    } finally {
      setReading(false);
    }
  };

  const total = lines.reduce((s, l) => s + (fen(l?.amount) ?? 0), 0);
  const split = lines.reduce(
    (acc, l) => {
      if (!l?.taxRate || l.amount === undefined || l.amount === null) return acc;
      const printed = l.exclAmount !== undefined && l.exclAmount !== null && l.taxAmount !== undefined && l.taxAmount !== null;
      const s = printed ? { excl: fen(l.exclAmount) as number, tax: fen(l.taxAmount) as number } : splitTax(fen(l.amount) as number, l.taxRate);
      return { excl: acc.excl + s.excl, tax: acc.tax + s.tax };
    },
    { excl: 0, tax: 0 },
  );

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const r = await uploadInvoice({
        kind: v.kind,
        code: isDigitalKind(v.kind) ? null : v.code?.trim(),
        number: v.number.trim(),
        issueDate: v.issueDate,
        sellerName: v.sellerName.trim(),
        sellerTaxId: v.sellerTaxId.trim(),
        buyerName: v.buyerName.trim(),
        buyerTaxId: v.buyerTaxId.trim(),
        lines: v.lines.map((l) => ({
          name: l.name.trim(),
          quantity: l.quantity?.trim() || null,
          amount: fen(l.amount) as number,
          taxRate: l.taxRate,
          ...(l.exclAmount !== undefined && l.exclAmount !== null && l.taxAmount !== undefined && l.taxAmount !== null
            ? { exclAmount: fen(l.exclAmount), taxAmount: fen(l.taxAmount) }
            : {}),
        })),
        billing: 'bucket',
        subOrderIds: red ? [] : subs.map((s) => s.subOrderId),
        fileId: v.file?.[0]?.id ?? null,
        source: parsed?.source ?? 'manual',
        remark: v.remark?.trim() || null,
        ...(red ? { blueNumber: red.number } : {}),
      });
      if (r.exception) void feedback.successDialog(`发票已上传，但与本单位信息不符，已记为异常，等待财务确认：${r.exception}`);
      else feedback.success(red ? '红字发票已上传，蓝字发票已冲销' : `发票已上传（子订单 ${r.subNos.join('、')}）`);
      onDone();
    } catch {
      // reported by the api client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      width={900}
      title={red ? `开具红字发票冲销 ${red.number}` : '上传发票'}
      okText="确认上传"
      cancelText="取消"
      onOk={() => void submit()}
      okButtonProps={{ loading: busy }}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" name="invoice-upload">
        {!red && (
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
        )}
        <Form.Item
          name="file"
          label="发票文件"
          extra="上传数电 XML 或 PDF 后自动读取号码、日期、金额与明细，请核对；OFD 与图片请手工填写"
          valuePropName="value"
        >
          <FilePicker
            upload={(files) => uploadFiles('invoice', files)}
            max={1}
            accept=".pdf,.ofd,.xml,.jpg,.jpeg,.png,application/pdf,application/xml,text/xml,image/jpeg,image/png"
            buttonText={reading ? '正在读取…' : '选择发票文件'}
            testId="invoice-file"
            onChange={(files) => void onFile(files)}
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
        <Row gutter={12}>
          <Col span={6}>
            <Form.Item name="kind" label="发票种类" rules={[{ required: true }]}>
              <Select options={INVOICE_KINDS.map((k) => ({ value: k, label: INVOICE_KIND_TEXT[k] }))} disabled={!!red} />
            </Form.Item>
          </Col>
          {kind && !isDigitalKind(kind) && (
            <Col span={6}>
              <Form.Item name="code" label="发票代码" rules={[{ required: true, pattern: /^\d{10,12}$/, message: '发票代码为 10–12 位数字' }]}>
                <Input maxLength={12} />
              </Form.Item>
            </Col>
          )}
          <Col span={kind && !isDigitalKind(kind) ? 6 : 12}>
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
          <Col span={12}>
            <Form.Item name="buyerName" label="购买方名称" rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={100} disabled={!!red} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="buyerTaxId" label="购买方纳税人识别号" rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={20} disabled={!!red} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sellerName" label="销售方名称" rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={100} disabled={!!red} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sellerTaxId" label="销售方纳税人识别号" rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={20} disabled={!!red} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          发票明细（价税合计；不含税金额与税额可按票面填写，不填则按税率拆分）
        </Divider>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <Flex vertical gap={4}>
              <Row gutter={8}>
                {[
                  ['项目名称', 7],
                  ['数量', 3],
                  ['价税合计（元）', 4],
                  ['税率', 3],
                  ['金额（不含税）', 3],
                  ['税额', 3],
                ].map(([label, span]) => (
                  <Col key={label} span={span as number}>
                    <Typography.Text type="secondary">{label}</Typography.Text>
                  </Col>
                ))}
              </Row>
              {fields.map((f) => (
                <Row gutter={8} key={f.key} align="top">
                  <Col span={7}>
                    <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: '项目名称' }]}>
                      <Input placeholder="*化学试剂*无水乙醇" maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name={[f.name, 'quantity']}>
                      <Input placeholder="数量" maxLength={20} />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[f.name, 'amount']} rules={[{ required: true, message: '价税合计' }]}>
                      <InputNumber prefix="¥" precision={2} style={{ width: '100%' }} placeholder="价税合计" />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name={[f.name, 'taxRate']} rules={[{ required: true, message: '税率' }]}>
                      <Select options={taxRates} placeholder="税率" />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name={[f.name, 'exclAmount']}>
                      <InputNumber precision={2} style={{ width: '100%' }} placeholder="金额" />
                    </Form.Item>
                  </Col>
                  <Col span={3}>
                    <Form.Item name={[f.name, 'taxAmount']}>
                      <InputNumber precision={2} style={{ width: '100%' }} placeholder="税额" />
                    </Form.Item>
                  </Col>
                  <Col span={1}>
                    <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除该行" disabled={fields.length === 1} />
                  </Col>
                </Row>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ taxRate: '13' })}>
                添加一行
              </Button>
            </Flex>
          )}
        </Form.List>
        <Flex gap={24} justify="flex-end" style={{ marginTop: 12 }} data-testid="invoice-totals">
          <span>
            合计金额 <MoneyCell fen={split.excl} />
          </span>
          <span>
            合计税额 <MoneyCell fen={split.tax} />
          </span>
          <span>
            价税合计 <MoneyCell fen={total} strong />
          </span>
        </Flex>
        <Form.Item name="remark" label="备注" style={{ marginTop: 12 }}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
