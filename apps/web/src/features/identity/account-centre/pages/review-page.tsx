import { AdminModifyBody, CHANGE_STATUS_TEXT } from '@kc/contracts/identity/account-centre';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type ListField, ListPage, type ListTab, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { type StatusTable, StatusTag } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { accountKeys } from '../api/account-query-keys.ts';
import { adminModifyUserName, batchReview, type ChangeKind, type ChangeRequestVO, getReviews, review } from '../api/reviews-api.ts';

const STATUS: StatusTable = {
  pending: { label: CHANGE_STATUS_TEXT.pending, color: 'orange' },
  approved: { label: CHANGE_STATUS_TEXT.approved, color: 'green' },
  rejected: { label: CHANGE_STATUS_TEXT.rejected, color: 'red' },
};
const TABS: ListTab[] = [
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'rejected', label: '已驳回' },
];
const FIELDS: ListField[] = [{ kind: 'text', name: 'userName', label: '用户名', width: 180 }];
const INFO_TEXT: Record<string, string> = { realName: '姓名', workUnit: '工作单位', title: '职称', remark: '说明', userName: '用户名' };
const describe = (v: Record<string, string | null>) =>
  Object.entries(v)
    .filter(([k, x]) => x && INFO_TEXT[k])
    .map(([k, x]) => `${INFO_TEXT[k]}：${x}`)
    .join('；');

export const UserInfoReviewPage = (p: MenuPageProps) => <ReviewPage {...p} kind="userInfo" />;
export const UserNameReviewPage = (p: MenuPageProps) => <ReviewPage {...p} kind="userName" />;

/**
 * 用户信息审核 / 用户名审核: the pending requests first, one by one or chosen rows in batch (at most
 * 100); rejecting needs a reason. Approving real-name information verifies the account (the
 * watermark goes); approving a user name renames the account. Requests waiting more than two working
 * days are marked 超时.
 */
function ReviewPage({ entry, home, kind }: MenuPageProps & { kind: ChangeKind }) {
  const client = useQueryClient();
  const key = accountKeys.reviews(kind);
  const list = useListPage<ChangeRequestVO>({
    queryKey: key,
    fields: FIELDS,
    tabs: TABS,
    defaultTab: 'pending',
    request: (q) => getReviews(kind)({ ...q, status: q.tab, tab: undefined }),
    flags: usePageFlags(entry),
  });
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [renaming, setRenaming] = useState<ChangeRequestVO | null>(null);
  const [form] = Form.useForm();
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const decide = async (ids: number[], pass: boolean, reason = '') => {
    if (ids.length === 1) {
      await review(kind, { id: ids[0], pass, reason });
      feedback.success(pass ? '已通过' : '已驳回');
    } else {
      const r = await batchReview(kind, { ids, pass, reason });
      if (r.skipped.length) feedback.warning(`已处理 ${r.done} 条，跳过 ${r.skipped.length} 条：${r.skipped.map((s) => s.reason).join('；')}`);
      else feedback.success(`已处理 ${r.done} 条`);
    }
    list.selection.clear();
    await refresh();
  };
  const approve = (ids: number[]) =>
    feedback.modal().confirm({
      title: `确认通过${ids.length > 1 ? ` ${ids.length} 条` : '该'}申请？`,
      content: kind === 'userInfo' ? '通过后该账号即为已实名认证。' : '通过后该账号的用户名即改为申请的新用户名。',
      okText: '通过',
      cancelText: '取消',
      onOk: () => decide(ids, true),
    });
  const pending = list.tab === 'pending';
  return (
    <ListPage<ChangeRequestVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName={`${kind}-review-search`}
      selectable={pending}
      batchBar={
        pending && list.selection.keys.length > 0 ? (
          <Can flag="modify">
            <Flex gap={8} style={{ marginBottom: 12 }}>
              <Button type="primary" onClick={() => approve(list.selection.keys as number[])}>
                批量通过（{list.selection.keys.length}）
              </Button>
              <Button danger onClick={() => setRejecting(list.selection.keys as number[])}>
                批量驳回
              </Button>
            </Flex>
          </Can>
        ) : null
      }
      emptyText={pending ? '暂无待审核的申请' : '暂无记录'}
      columns={[
        { title: '用户名', dataIndex: 'userName', width: 130 },
        { title: '姓名', dataIndex: 'realName', width: 100 },
        { title: '所属研究所', dataIndex: 'instituteName', width: 180, render: (n: string | null) => n ?? '平台直属（未认证）' },
        kind === 'userInfo'
          ? { title: '提交的信息', key: 'info', render: (_, r) => describe(r.newValue) }
          : { title: '用户名变更', key: 'name', render: (_, r) => `${r.oldValue.userName} → ${r.newValue.userName}` },
        {
          title: '状态',
          dataIndex: 'status',
          width: 110,
          render: (s: string, r) => (
            <Flex gap={4}>
              <StatusTag value={s} table={STATUS} />
              {r.overdue && <Tag color="red">超时</Tag>}
            </Flex>
          ),
        },
        { title: '提交时间', dataIndex: 'createdAt', width: 160, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
        { title: '审核人', dataIndex: 'reviewerName', width: 90 },
        { title: '原因', dataIndex: 'reason', width: 160, ellipsis: true },
        {
          title: '操作',
          key: 'a',
          width: 170,
          render: (_, r) => (
            <Can flag="modify">
              <Flex gap={4}>
                {r.status === 'pending' && (
                  <>
                    <Button type="link" size="small" onClick={() => approve([r.id])}>
                      通过
                    </Button>
                    <Button type="link" size="small" danger onClick={() => setRejecting([r.id])}>
                      驳回
                    </Button>
                  </>
                )}
                {kind === 'userName' && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      form.resetFields();
                      setRenaming(r);
                    }}
                  >
                    直接修改
                  </Button>
                )}
              </Flex>
            </Can>
          ),
        },
      ]}
    >
      <Modal
        open={rejecting !== null}
        title="驳回申请"
        okText="驳回"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setRejecting(null)}
        onOk={async () => {
          const v = await form.validateFields();
          await decide(rejecting ?? [], false, v.reason.trim());
          setRejecting(null);
        }}
      >
        <Form form={form} layout="vertical" name="reject-form">
          <Form.Item name="reason" label="驳回原因" rules={[{ required: true, min: 2, message: '请填写驳回原因' }]}>
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={renaming !== null}
        title={`直接修改用户名（${renaming?.oldValue.userName ?? ''}）`}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setRenaming(null)}
        onOk={async () => {
          const v = await form.validateFields();
          await adminModifyUserName({ userId: renaming!.userId, newUserName: v.newUserName.trim(), reason: v.reason?.trim() ?? '' });
          feedback.success('用户名已修改');
          setRenaming(null);
          await refresh();
        }}
      >
        <Form form={form} layout="vertical" name="rename-form">
          <Form.Item name="newUserName" label="新用户名" rules={contractRules(AdminModifyBody.shape.newUserName)}>
            <Input />
          </Form.Item>
          <Form.Item name="reason" label="原因">
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
