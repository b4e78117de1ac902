import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { SearchButtons } from '../search-buttons.tsx';
import { type ListField, type ListValues, rangeParams } from './list-state.ts';

type FormValues = Record<string, string | string[] | [Dayjs | null, Dayjs | null] | null | undefined>;

/** The list's values as the form's (date ranges as two dayjs days under the field's name). */
function toForm(fields: readonly ListField[], values: ListValues): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    if (f.kind === 'dateRange') {
      const [from, to] = rangeParams(f).map((p) => values[p]);
      out[f.name] = from || to ? [typeof from === 'string' ? dayjs(from) : null, typeof to === 'string' ? dayjs(to) : null] : undefined;
    } else {
      out[f.name] = values[f.name] ?? undefined;
    }
  }
  return out;
}

function fromForm(fields: readonly ListField[], v: FormValues): ListValues {
  const out: ListValues = {};
  for (const f of fields) {
    const value = v[f.name];
    if (f.kind === 'dateRange') {
      const [from, to] = rangeParams(f);
      const range = Array.isArray(value) ? (value as [Dayjs | null, Dayjs | null]) : null;
      out[from] = range?.[0]?.format('YYYY-MM-DD');
      out[to] = range?.[1]?.format('YYYY-MM-DD');
    } else if (Array.isArray(value)) {
      out[f.name] = value.length ? (value as string[]) : undefined;
    } else {
      out[f.name] = typeof value === 'string' ? value.trim() || undefined : undefined;
    }
  }
  return out;
}

interface Props {
  fields: readonly ListField[];
  values: ListValues;
  onSearch: (v: ListValues) => void;
  /** the form's name (prefix of its inputs' ids) */
  name?: string;
  testId?: string;
}

/** The search form of a list page, generated from its fields, ending with 查询 and 重置; it shows the values in the address bar. */
export function SearchForm({ fields, values, onSearch, name, testId }: Props) {
  const [form] = Form.useForm<FormValues>();
  // the address bar leads: back, forward or a followed link show their own search
  useEffect(() => {
    form.setFieldsValue(toForm(fields, values));
  }, [form, fields, values]);
  const cleared = Object.fromEntries(fields.map((f) => [f.name, undefined]));
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      name={name}
      style={{ rowGap: 12 }}
      data-testid={testId}
      initialValues={toForm(fields, values)}
      onFinish={(v) => onSearch(fromForm(fields, v))}
    >
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          {f.kind === 'text' ? (
            <Input allowClear placeholder={f.placeholder} maxLength={f.maxLength} style={{ width: f.width ?? 200 }} />
          ) : f.kind === 'select' ? (
            <Select
              allowClear
              mode={f.multiple ? 'multiple' : undefined}
              maxTagCount={f.multiple ? 'responsive' : undefined}
              placeholder={f.placeholder ?? '全部'}
              options={f.options}
              style={{ width: f.width ?? (f.multiple ? 240 : 140) }}
            />
          ) : (
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          )}
        </Form.Item>
      ))}
      <SearchButtons
        onReset={() => {
          form.setFieldsValue(cleared);
          onSearch({});
        }}
      />
    </Form>
  );
}
