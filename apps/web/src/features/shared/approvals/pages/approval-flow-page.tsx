import { useQueryClient } from '@tanstack/react-query';
import { Divider, Form, InputNumber, Modal, Switch } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { fenToYuan, yuanToFen } from '../../../../lib/admin-lists.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { getApprovalFlowPage, type InstituteFlowVO, saveApprovalFlow } from '../api/approval-flows-api.ts';
import { approvalFlowColumns } from '../components/approval-flow-columns.tsx';

const KEY = ['mall', 'approvalFlow'];
const FIELDS: ListField[] = [{ kind: 'text', name: 'name', label: '研究所', width: 220 }];
const MAX_YUAN = 10_000_000;
type FlowForm = {
  teamEnabled: boolean;
  teamYuan: number;
  instituteEnabled: boolean;
  instituteYuan: number;
  checkerEnabled: boolean;
  hazardRequiresInstitute: boolean;
};
const bit = (b: boolean) => (b ? 1 : 0) as 0 | 1;

/**
 * 审批流程: each institute's approval chain for orders and claims — whether the team leader and
 * the institute approve and from which amount, whether hazardous goods always go to the institute,
 * and whether arrivals are checked. An institute without its own flow uses the default.
 */
export function ApprovalFlowPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<InstituteFlowVO>({
    queryKey: KEY,
    fields: FIELDS,
    request: getApprovalFlowPage,
    flags: usePageFlags(entry),
    rowKey: (r) => r.instituteId,
  });
  const [editing, setEditing] = useState<InstituteFlowVO | null>(null);
  const [form] = Form.useForm<FlowForm>();
  const teamOn = Form.useWatch('teamEnabled', form);
  const instituteOn = Form.useWatch('instituteEnabled', form);
  const { saving, run } = useSaving();

  const open = (r: InstituteFlowVO) => {
    setEditing(r);
    form.setFieldsValue({
      teamEnabled: r.teamEnabled === 1,
      teamYuan: fenToYuan(r.teamThreshold),
      instituteEnabled: r.instituteEnabled === 1,
      instituteYuan: fenToYuan(r.instituteThreshold),
      checkerEnabled: r.checkerEnabled === 1,
      hazardRequiresInstitute: r.hazardRequiresInstitute === 1,
    });
  };
  const save = () =>
    run(async () => {
      const v = await form.validateFields();
      if (!editing) return;
      await saveApprovalFlow({
        instituteId: editing.instituteId,
        teamEnabled: bit(v.teamEnabled),
        teamThreshold: yuanToFen(v.teamYuan),
        instituteEnabled: bit(v.instituteEnabled),
        instituteThreshold: yuanToFen(v.instituteYuan),
        checkerEnabled: bit(v.checkerEnabled),
        hazardRequiresInstitute: bit(v.hazardRequiresInstitute),
      });
      feedback.success('已保存');
      setEditing(null);
      await client.invalidateQueries({ queryKey: KEY });
    });
  const amount = (name: 'teamYuan' | 'instituteYuan', label: string, disabled: boolean) => (
    <Form.Item name={name} label={label} extra="0 表示全部订单" rules={[{ required: !disabled, message: '请输入金额' }]}>
      <InputNumber min={0} max={MAX_YUAN} precision={2} addonAfter="元" disabled={disabled} style={{ width: 220 }} />
    </Form.Item>
  );

  return (
    <ListPage<InstituteFlowVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="approval-flow-search"
      emptyText="没有符合条件的研究所"
      columns={approvalFlowColumns({ open })}
    >
      <Modal
        open={editing !== null}
        title={editing ? `审批流程：${editing.instituteName}` : ''}
        okText="保存"
        cancelText="取消"
        width={560}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="approval-flow-edit">
          <Form.Item name="teamEnabled" label="课题组长审批" valuePropName="checked">
            <Switch checkedChildren="需要" unCheckedChildren="不需要" />
          </Form.Item>
          {amount('teamYuan', '订单金额达到（含）', !teamOn)}
          <Divider style={{ margin: '8px 0 16px' }} />
          <Form.Item name="instituteEnabled" label="研究所审批" valuePropName="checked">
            <Switch checkedChildren="需要" unCheckedChildren="不需要" />
          </Form.Item>
          {amount('instituteYuan', '订单金额达到（含）', !instituteOn)}
          <Form.Item name="hazardRequiresInstitute" valuePropName="checked" label="含危险化学品的订单一律经研究所审批">
            <Switch checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
          <Divider style={{ margin: '8px 0 16px' }} />
          <Form.Item name="checkerEnabled" label="到货验收" valuePropName="checked">
            <Switch checkedChildren="需要" unCheckedChildren="不需要" />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
