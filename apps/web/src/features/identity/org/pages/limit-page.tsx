import { LimitSetBody } from '@kc/contracts/identity/org';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, InputNumber, Modal, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { getLimitDefaults, getLimitPage, type InstituteLimitVO, setDeptLimit, setUserLimit } from '../api/org-api.ts';
import { orgKeys } from '../api/org-query-keys.ts';

const FIELDS: ListField[] = [{ kind: 'text', name: 'name', label: '研究所', width: 220 }];
const MAX = 1_000_000;
type LimitForm = { deptLimit: number; userLimit: number };
/** Whose values the dialog edits: one institute, or the platform default of all without their own. */
type Target = { institute: InstituteLimitVO } | { defaults: true };

function Usage({ used, limit, own }: { used: number; limit: number; own: boolean }) {
  const pct = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  return (
    <Flex vertical gap={2} style={{ maxWidth: 220 }}>
      <Flex gap={8} align="center">
        <span>
          {used} / {limit}
        </span>
        {own ? <Tag color="blue">本所设置</Tag> : <Tag>平台默认</Tag>}
      </Flex>
      <Progress percent={pct} size="small" showInfo={false} status={used >= limit ? 'exception' : 'normal'} />
    </Flex>
  );
}

/**
 * 数量限制: how many departments and users each institute may have, and how many it has. A new
 * department or user beyond the limit is refused; an institute without its own value uses the
 * platform default.
 */
export function LimitPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<InstituteLimitVO>({
    queryKey: orgKeys.limits,
    fields: FIELDS,
    request: getLimitPage,
    flags: usePageFlags(entry),
    rowKey: (r) => r.instituteId,
  });
  const defaults = useQuery({ queryKey: orgKeys.limitDefaults, queryFn: getLimitDefaults });
  const [target, setTarget] = useState<Target | null>(null);
  const [form] = Form.useForm<LimitForm>();
  const { saving, run } = useSaving();

  const open = (t: Target) => {
    setTarget(t);
    if ('institute' in t) form.setFieldsValue({ deptLimit: t.institute.deptLimit, userLimit: t.institute.userLimit });
    else form.setFieldsValue({ deptLimit: defaults.data?.deptCount, userLimit: defaults.data?.instituteUserCount });
  };
  const save = () =>
    run(async () => {
      const v = await form.validateFields();
      const institute = target && 'institute' in target ? target.institute : undefined;
      const before = institute
        ? { dept: institute.deptLimit, user: institute.userLimit }
        : { dept: defaults.data?.deptCount, user: defaults.data?.instituteUserCount };
      // only a changed value is written: an untouched one keeps following the platform default
      if (v.deptLimit !== before.dept) await setDeptLimit({ instituteId: institute?.instituteId, limit: v.deptLimit });
      if (v.userLimit !== before.user) await setUserLimit({ instituteId: institute?.instituteId, limit: v.userLimit });
      feedback.success('已保存');
      setTarget(null);
      await client.invalidateQueries({ queryKey: orgKeys.limits });
    });
  const deptLimit = Form.useWatch('deptLimit', form);
  const userLimit = Form.useWatch('userLimit', form);
  // lowering below what is used keeps what exists but stops new ones: say so before saving
  const lowered =
    target !== null && 'institute' in target && ((deptLimit ?? MAX) < target.institute.deptUsed || (userLimit ?? MAX) < target.institute.userUsed);

  return (
    <ListPage<InstituteLimitVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="limit-search"
      searchExtra={
        defaults.data && (
          <Flex gap={8} align="center">
            <Typography.Text type="secondary">
              平台默认：部门 {defaults.data.deptCount} 个，用户 {defaults.data.instituteUserCount} 名
            </Typography.Text>
            <Can flag="modify">
              <Button size="small" onClick={() => open({ defaults: true })}>
                修改默认值
              </Button>
            </Can>
          </Flex>
        )
      }
      emptyText="没有符合条件的研究所"
      columns={[
        { title: '研究所', dataIndex: 'instituteName', render: (n: string, r) => `${n}（${r.instituteCode}）` },
        { title: '部门数量（已用 / 上限）', key: 'dept', width: 280, render: (_, r) => <Usage used={r.deptUsed} limit={r.deptLimit} own={r.deptOwn} /> },
        { title: '用户数量（已用 / 上限）', key: 'user', width: 280, render: (_, r) => <Usage used={r.userUsed} limit={r.userLimit} own={r.userOwn} /> },
        {
          title: '操作',
          key: 'actions',
          width: 120,
          render: (_, r) => (
            <Can flag="modify">
              <Button type="link" size="small" onClick={() => open({ institute: r })}>
                调整上限
              </Button>
            </Can>
          ),
        },
      ]}
    >
      <Modal
        open={target !== null}
        title={target && 'institute' in target ? `调整上限：${target.institute.instituteName}` : '修改平台默认上限'}
        okText="保存"
        cancelText="取消"
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setTarget(null)}
        forceRender
      >
        {target && !('institute' in target) && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="默认值适用于所有未单独设置上限的研究所" />}
        <Form form={form} layout="vertical" name="limit-edit">
          <Form.Item name="deptLimit" label="部门数量上限（个）" rules={contractRules(LimitSetBody.shape.limit, { required: '请输入部门数量上限' })}>
            <InputNumber min={0} max={MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="userLimit" label="用户数量上限（名）" rules={contractRules(LimitSetBody.shape.limit, { required: '请输入用户数量上限' })}>
            <InputNumber min={0} max={MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
        {lowered && <Alert type="warning" showIcon message="上限低于已用数量：已有的部门和用户保留，但不能再新增，直到数量降到上限以下" />}
      </Modal>
    </ListPage>
  );
}
