import { App, Button, Form, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

/** What a reason dialog asks: title, a hint, and the move to make with the reason. */
export interface ReasonRequest {
  title: string;
  label?: string;
  okText?: string;
  /** optional reasons (cancelling) may stay empty */
  optional?: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
}

/**
 * A refusal / rejection / stop dialog with a required reason (2–500 characters, as the server
 * checks). It closes once the move has settled: on failure the error catalogue has shown the
 * server's message and the list has been refreshed.
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
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      data-testid="reason-modal"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={request?.label ?? '原因'}
          rules={
            request?.optional
              ? [{ max: 500, message: '原因最多 500 字' }]
              : [
                  { required: true, whitespace: true, message: '请填写原因' },
                  { min: 2, message: '请填写原因（至少 2 个字）' },
                  { max: 500, message: '原因最多 500 字' },
                ]
          }
        >
          <Input.TextArea rows={4} showCount maxLength={500} placeholder="请填写原因" />
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
