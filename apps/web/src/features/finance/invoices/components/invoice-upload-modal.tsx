import { Divider, Form, Input, Modal } from 'antd';
import { BilledSubOrders, InvoiceFileField, InvoiceHeadFields } from './invoice-fields.tsx';
import { InvoiceLines, InvoiceTotals } from './invoice-lines.tsx';
import { type InvoiceUploadProps, useInvoiceUpload } from './use-invoice-upload.ts';

/**
 * 上传发票: the file first (a 数电 XML or PDF is read into the form for confirmation), then the
 * invoice's fields and lines, billed to the chosen sub-orders rate by rate. With `red` it is the
 * 红字发票 reversing that blue invoice in full: its lines come negated and only the new number,
 * date and file are asked.
 */
export function InvoiceUploadModal(props: InvoiceUploadProps) {
  const { open, subs, red, onClose } = props;
  const u = useInvoiceUpload(props);
  return (
    <Modal
      open={open}
      width={900}
      title={red ? `开具红字发票冲销 ${red.number}` : '上传发票'}
      okText="确认上传"
      cancelText="取消"
      onOk={() => void u.submit()}
      okButtonProps={{ loading: u.busy }}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={u.form} layout="vertical" name="invoice-upload">
        {!red && <BilledSubOrders subs={subs} />}
        <InvoiceFileField reading={u.reading} parsed={u.parsed} onFile={(files) => void u.onFile(files)} />
        <InvoiceHeadFields kind={u.kind} red={!!red} />
        <Divider titlePlacement="start" plain>
          发票明细（价税合计；不含税金额与税额可按票面填写，不填则按税率拆分）
        </Divider>
        <InvoiceLines />
        <InvoiceTotals totals={u.totals} />
        <Form.Item name="remark" label="备注" style={{ marginTop: 12 }}>
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
