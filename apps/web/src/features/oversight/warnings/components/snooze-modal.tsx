import { MAX_SNOOZE_DAYS, type WarningVO } from '@kc/contracts/oversight/warnings';
import { DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useSaving } from '../../../../lib/use-saving.ts';

/** 暂缓: choose the day the warning comes back (tomorrow at the earliest, at most 90 days on). */
export function SnoozeModal({ warning, onCancel, onSnooze }: { warning: WarningVO | null; onCancel: () => void; onSnooze: (until: string) => Promise<void> }) {
  const [form] = Form.useForm<{ until: Dayjs }>();
  const { saving, run } = useSaving();
  useEffect(() => {
    if (warning) form.setFieldsValue({ until: dayjs().add(7, 'day') });
  }, [warning, form]);
  const submit = () =>
    run(async () => {
      const { until } = await form.validateFields();
      await onSnooze(until.format('YYYY-MM-DD'));
    });
  return (
    <Modal
      title="暂缓预警"
      open={warning !== null}
      onCancel={onCancel}
      onOk={() => void submit()}
      okText="暂缓"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <p>{warning?.title}</p>
      <Form form={form} layout="vertical">
        <Form.Item name="until" label="暂缓到" rules={[{ required: true, message: '请选择日期' }]} extra="到期后预警恢复为待处理">
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(dayjs().add(1, 'day'), 'day') || d.isAfter(dayjs().add(MAX_SNOOZE_DAYS, 'day'), 'day')}
            data-testid="warning-snooze-date"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
