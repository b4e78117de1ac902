import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { feedback } from '../../../../lib/feedback.ts';
import { finance, getDoneOrders, getSupplierOptions, rules } from '../api/settlement-api.ts';
import { settlementKeys } from '../api/settlement-query-keys.ts';
import { lastMonth } from '../statement-status.ts';

interface Values {
  supplierId: number;
  month: Dayjs;
  instituteId?: number;
}

/**
 * 生成对账单: a supplier and a month (the platform admin also picks the institute). The server takes
 * every accepted sub-order of that supplier up to the month's cut-off that no statement holds yet.
 */
export function GenerateModal({ open, admin, onClose, onDone }: { open: boolean; admin: boolean; onClose: () => void; onDone: (id: number) => void }) {
  const [form] = Form.useForm<Values>();
  const suppliers = useQuery({ queryKey: settlementKeys.suppliers, queryFn: getSupplierOptions, enabled: open });
  const institutes = useQuery({ queryKey: settlementKeys.rules, queryFn: rules.list, enabled: open && admin });
  const supplierId = Form.useWatch('supplierId', form);
  const month = Form.useWatch('month', form) as Dayjs | undefined;
  const instituteId = Form.useWatch('instituteId', form);
  // allHasDoneOrder: how many accepted sub-orders of the month still wait for a statement
  const waiting = useQuery({
    queryKey: settlementKeys.waiting(supplierId, month?.format('YYYY-MM'), instituteId),
    queryFn: () => getDoneOrders({ current: 1, size: 1, supplierId, month: month?.format('YYYY-MM'), instituteId }),
    enabled: open && !!supplierId && !!month && (!admin || !!instituteId),
  });
  const submit = async () => {
    const v = await form.validateFields();
    const r = await finance.generate({ supplierId: v.supplierId, month: v.month.format('YYYY-MM'), instituteId: admin ? v.instituteId : undefined });
    feedback.success(`对账单 ${r.statementNo} 已生成（${r.lineCount} 行）`);
    form.resetFields();
    onClose();
    onDone(r.id);
  };
  return (
    <Modal
      open={open}
      title="生成对账单"
      okText="生成"
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="statement-generate"
    >
      <Form form={form} layout="vertical" initialValues={{ month: dayjs(`${lastMonth()}-01`) }}>
        {admin && (
          <Form.Item label="采购单位" name="instituteId" rules={[{ required: true, message: '请选择单位' }]}>
            <Select showSearch optionFilterProp="label" options={(institutes.data ?? []).map((i) => ({ value: i.instituteId, label: i.instituteName }))} />
          </Form.Item>
        )}
        <Form.Item label="供应商" name="supplierId" rules={[{ required: true, message: '请选择供应商' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={suppliers.isLoading}
            options={(suppliers.data ?? []).map((x) => ({ value: x.id, label: x.companyName }))}
          />
        </Form.Item>
        <Form.Item label="对账月份" name="month" rules={[{ required: true, message: '请选择月份' }]}>
          <DatePicker picker="month" />
        </Form.Item>
        {waiting.data && (
          <Alert
            type={waiting.data.total > 0 ? 'info' : 'warning'}
            showIcon
            title={`该月验收、尚未对账的子订单 ${waiting.data.total} 个（早于该月而未对账的也会一并列入）`}
          />
        )}
      </Form>
    </Modal>
  );
}
