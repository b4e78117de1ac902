import { App, Button, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

/** What a reason dialog asks: title, a hint, and the move to make with the reason. */
export interface ReasonRequest {
  title: string;
  label?: string;
  okText?: string;
  /** optional reasons (cancelling) may stay empty */
  optional?: boolean;
  /** the hint in the empty box, e.g. what the other side will read */
  placeholder?: string;
  /** most characters, as the server takes them (500 unless said) */
  maxLength?: number;
  /** the message for an empty or too short reason (“请填写原因” and its “至少 2 个字” unless said) */
  requiredMessage?: string;
  /** a red OK button, for moves that cannot be undone */
  danger?: boolean;
  /** shown above the box: what the move will do */
  note?: ReactNode;
  onSubmit: (reason: string) => Promise<unknown>;
}

const MAX = 500;

function reasonRules(r: ReasonRequest) {
  const max = r.maxLength ?? MAX;
  const tooLong = { max, message: `原因最多 ${max} 字` };
  if (r.optional) return [tooLong];
  return [
    { required: true, whitespace: true, message: r.requiredMessage ?? '请填写原因' },
    { min: 2, message: r.requiredMessage ?? '请填写原因（至少 2 个字）' },
    tooLong,
  ];
}

/**
 * A refusal / rejection / stop dialog with a required reason (2 characters up to maxLength, as the
 * server checks). It closes once the move has settled: on failure the error catalogue has shown
 * the server's message and the list has been refreshed.
 */
export function ReasonModal({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await request?.onSubmit(reason?.trim() ?? '');
    } catch {
      // shown by the error catalogue
    } finally {
      setBusy(false);
      form.resetFields();
      onClose();
    }
  };
  return (
    <Modal
      open={!!request}
      title={request?.title}
      okText={request?.okText ?? '确定'}
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={request?.danger ? { danger: true } : undefined}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      data-testid="reason-modal"
    >
      {request?.note}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="reason" label={request?.label ?? '原因'} rules={request ? reasonRules(request) : []}>
          <Input.TextArea rows={4} showCount maxLength={request?.maxLength ?? MAX} placeholder={request?.placeholder ?? '请填写原因'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * A danger link that asks for a reason before a move (refuse, stop, refund …) and says so when it
 * is done: `ask` opens the page's ReasonModal with the request.
 */
export function ReasonButton(p: {
  ask: (r: ReasonRequest) => void;
  request: Omit<ReasonRequest, 'onSubmit'>;
  run: (reason: string) => Promise<unknown>;
  /** the success message */
  done: string;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const onSubmit = async (reason: string) => {
    await p.run(reason);
    message.success(p.done);
  };
  return (
    <Button type="link" size="small" danger onClick={() => p.ask({ ...p.request, onSubmit })}>
      {p.children}
    </Button>
  );
}
