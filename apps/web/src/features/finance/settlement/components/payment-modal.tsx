import { DatePicker, Form, Input, InputNumber, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { feedback } from '../../../../lib/feedback.ts';
import { money } from '../../../../lib/format.ts';
import { finance, type StatementVO } from '../api/settlement-api.ts';

interface Values {
  bankRef: string;
  paidOn: Dayjs;
  amount: number;
  remark?: string;
}

/** 登记付款: bank reference (银行流水号), date and amount (at most what is still open) for one statement. */
export function PaymentModal({ statement, onClose, onPaid }: { statement: StatementVO | null; onClose: () => void; onPaid: () => void }) {
  const [form] = Form.useForm<Values>();
  const open = statement?.openAmount ?? 0;
  const submit = async () => {
    if (!statement) return;
    const v = await form.validateFields();
    const r = await finance.pay({
      bankRef: v.bankRef.trim(),
      paidOn: v.paidOn.format('YYYY-MM-DD'),
      remark: v.remark?.trim() || undefined,
      allocations: [{ statementId: statement.id, amount: Math.round(v.amount * 100) }],
    });
    feedback.success(`付款 ${r.paymentNo} 已登记`);
    form.resetFields();
    onPaid();
    onClose();
  };
  return (
    <Modal
      open={statement !== null}
      title={statement ? `登记付款：${statement.statementNo}` : '登记付款'}
      okText="登记"
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="statement-pay"
    >
      <Form form={form} layout="vertical" initialValues={{ amount: open / 100 }}>
        <Form.Item label={`付款金额（元，未付 ${money(open)}）`} name="amount" rules={[{ required: true, message: '请填写付款金额' }]}>
          <InputNumber min={0.01} max={open / 100} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          label="银行流水号"
          name="bankRef"
          rules={[
            { required: true, whitespace: true, message: '请填写银行流水号' },
            { min: 4, max: 64, message: '银行流水号 4–64 位' },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="付款日期" name="paidOn" rules={[{ required: true, message: '请选择付款日期' }]}>
          <DatePicker />
        </Form.Item>
        <Form.Item label="备注" name="remark">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
