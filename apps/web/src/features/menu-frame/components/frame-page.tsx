import { Button, DatePicker, Form, Input, Select, Table } from 'antd';
import type { FrameSpec } from '../frames.ts';
import { PageFrame } from './page-frame.tsx';

/** The frame of a page whose function is still to come: its search form and an empty table. */
export function FramePage({ spec, parents, home }: { spec: FrameSpec; parents?: string[]; home?: string }) {
  const [form] = Form.useForm();
  return (
    <PageFrame title={spec.title} parents={parents} home={home}>
      <Form form={form} layout="inline" style={{ marginBottom: 16, rowGap: 12 }} name="frame-search">
        {spec.filters.map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label}>
            {f.kind === 'text' ? (
              <Input allowClear placeholder={`请输入${f.label}`} style={{ width: 180 }} />
            ) : f.kind === 'select' ? (
              <Select allowClear placeholder="全部" options={f.options} style={{ width: 160 }} />
            ) : (
              <DatePicker.RangePicker />
            )}
          </Form.Item>
        ))}
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form.Item>
        <Form.Item>
          <Button onClick={() => form.resetFields()}>重置</Button>
        </Form.Item>
      </Form>
      <Table
        rowKey="key"
        dataSource={[]}
        columns={spec.columns.map((c) => ({ title: c, dataIndex: c, key: c }))}
        locale={{ emptyText: spec.emptyText }}
        pagination={{ current: 1, pageSize: 10, total: 0, showTotal: (t) => `共 ${t} 条` }}
      />
    </PageFrame>
  );
}
