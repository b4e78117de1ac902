import { DICT } from '@kc/contracts/shared/dicts';
import { App, Form, Modal, Select } from 'antd';
import { useDictOptions } from '../../../../lib/dicts.ts';
import { modifyOrderFlag, type SupplierSubOrder } from '../api/supplier-orders-api.ts';
import { useSupplierMove } from '../api/use-supplier-order-queries.ts';

/** Marks suppliers commonly put on their orders (the order_flag dictionary; these until it loads); any other text may be typed. */
const SUGGESTED = ['加急', '已备货', '缺货待补', '待开票', '已开票', '重点客户', '需冷链'].map((f) => ({ value: f, label: f }));

/** 订单标记: up to 10 short marks on a sub-order, visible only to the supplier. */
export function FlagsModal({ sub, onClose }: { sub: SupplierSubOrder | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ flags: string[] }>();
  // a mark is stored as its text: offer the dictionary's labels
  const suggested = useDictOptions(DICT.ORDER_FLAG, SUGGESTED).options.map((o) => ({ value: o.label, label: o.label }));
  const save = useSupplierMove((v: { id: number; flags: string[] }) => modifyOrderFlag(v.id, v.flags));
  return (
    <Modal
      open={!!sub}
      title={sub ? `订单标记 ${sub.subNo}` : '订单标记'}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      destroyOnHidden
      afterOpenChange={(visible) => visible && form.setFieldsValue({ flags: sub?.flags ?? [] })}
      onCancel={onClose}
      onOk={async () => {
        if (!sub) return;
        const { flags } = await form.validateFields();
        try {
          await save.mutateAsync({ id: sub.id, flags: [...new Set((flags ?? []).map((f) => f.trim()).filter(Boolean))] });
          message.success('已保存');
        } catch {
          // shown by the error catalogue
        }
        onClose();
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="flags"
          label="标记（最多 10 个，每个不超过 20 字）"
          rules={[
            { type: 'array', max: 10, message: '最多 10 个标记' },
            {
              validator: (_, v: string[] | undefined) =>
                (v ?? []).some((f) => f.trim().length > 20) ? Promise.reject(new Error('每个标记不超过 20 字')) : Promise.resolve(),
            },
          ]}
        >
          <Select mode="tags" placeholder="选择或输入标记" options={suggested} tokenSeparators={[',', '，']} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
