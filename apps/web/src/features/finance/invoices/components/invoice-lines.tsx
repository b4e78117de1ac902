import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TAX_RATE_TEXT, TAX_RATES } from '@kc/contracts/platform/tax';
import { DICT } from '@kc/contracts/shared/dicts';
import { Button, Col, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { useDictOptions } from '../../../../lib/dicts.ts';
import type { lineTotals } from './invoice-upload-values.ts';

const HEADINGS: [string, number][] = [
  ['项目名称', 7],
  ['数量', 3],
  ['价税合计（元）', 4],
  ['税率', 3],
  ['金额（不含税）', 3],
  ['税额', 3],
];

/** 发票明细: one row per line (name, quantity, amount with tax, rate, and the printed split if any). */
export function InvoiceLines() {
  // the tax rates offered: the tax_rate dictionary (the built-in list until it loads)
  const taxRates = useDictOptions(
    DICT.TAX_RATE,
    TAX_RATES.map((r) => ({ value: r, label: TAX_RATE_TEXT[r] })),
  ).options;
  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          <Row gutter={8}>
            {HEADINGS.map(([label, span]) => (
              <Col key={label} span={span}>
                <Typography.Text type="secondary">{label}</Typography.Text>
              </Col>
            ))}
          </Row>
          {fields.map((f) => (
            <InvoiceLine key={f.key} name={f.name} taxRates={taxRates} onRemove={() => remove(f.name)} only={fields.length === 1} />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ taxRate: '13' })}>
            添加一行
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

function InvoiceLine({ name, taxRates, onRemove, only }: { name: number; taxRates: { value: string; label: string }[]; onRemove: () => void; only: boolean }) {
  return (
    <Row gutter={8} align="top">
      <Col span={7}>
        <Form.Item name={[name, 'name']} rules={[{ required: true, whitespace: true, message: '项目名称' }]}>
          <Input placeholder="*化学试剂*无水乙醇" maxLength={200} />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={[name, 'quantity']}>
          <Input placeholder="数量" maxLength={20} />
        </Form.Item>
      </Col>
      <Col span={4}>
        <Form.Item name={[name, 'amount']} rules={[{ required: true, message: '价税合计' }]}>
          <InputNumber prefix="¥" precision={2} style={{ width: '100%' }} placeholder="价税合计" />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={[name, 'taxRate']} rules={[{ required: true, message: '税率' }]}>
          <Select options={taxRates} placeholder="税率" />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={[name, 'exclAmount']}>
          <InputNumber precision={2} style={{ width: '100%' }} placeholder="金额" />
        </Form.Item>
      </Col>
      <Col span={3}>
        <Form.Item name={[name, 'taxAmount']}>
          <InputNumber precision={2} style={{ width: '100%' }} placeholder="税额" />
        </Form.Item>
      </Col>
      <Col span={1}>
        <Button type="text" icon={<DeleteOutlined />} onClick={onRemove} aria-label="删除该行" disabled={only} />
      </Col>
    </Row>
  );
}

/** 合计金额, 合计税额 and 价税合计 under the lines. */
export function InvoiceTotals({ totals: { split, total } }: { totals: ReturnType<typeof lineTotals> }) {
  return (
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
  );
}
