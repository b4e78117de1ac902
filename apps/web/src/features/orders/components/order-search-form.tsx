import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { SearchButtons } from '../../menu-frame/components/search-buttons.tsx';
import type { SearchValues } from '../order-format.ts';

interface FormValues {
  orderNo?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  status?: string[];
}

interface Props {
  /** status choices (key → label); none: no status field */
  statusOptions?: Record<string, string>;
  /** label of the number field: 订单号, or 子订单号 on the supplier side */
  noLabel?: string;
  initialOrderNo?: string;
  onSearch: (v: SearchValues) => void;
}

/** The search form above every order table: 订单号, 下单日期范围, 状态; 查询 and 重置. */
export function OrderSearchForm({ statusOptions, noLabel = '订单号', initialOrderNo, onSearch }: Props) {
  const [form] = Form.useForm<FormValues>();
  const submit = (v: FormValues) =>
    onSearch({
      orderNo: v.orderNo?.trim() || undefined,
      dateFrom: v.dates?.[0]?.format('YYYY-MM-DD'),
      dateTo: v.dates?.[1]?.format('YYYY-MM-DD'),
      status: v.status?.length ? v.status : undefined,
    });
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      initialValues={{ orderNo: initialOrderNo }}
      onFinish={submit}
      style={{ rowGap: 12 }}
      data-testid="order-search"
    >
      <Form.Item name="orderNo" label={noLabel}>
        <Input placeholder={`请输入${noLabel}`} allowClear style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="dates" label="下单日期">
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      {statusOptions && (
        <Form.Item name="status" label="状态">
          <Select
            mode="multiple"
            allowClear
            placeholder="全部状态"
            maxTagCount="responsive"
            style={{ width: 240 }}
            options={Object.entries(statusOptions).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
      )}
      <SearchButtons
        onReset={() => {
          form.resetFields();
          form.setFieldsValue({ orderNo: undefined });
          submit({});
        }}
      />
    </Form>
  );
}
