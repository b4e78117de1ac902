import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { approveSupplier, disableSupplier, enableSupplier, getReviewPage, refuseSupplier, type SupplierReviewVO } from '../api/registration-api.ts';
import { supplierKeys } from '../api/supplier-query-keys.ts';
import { SupplierInfoModal } from '../components/supplier-info-modal.tsx';
import { supplierReviewColumns } from '../components/supplier-review-columns.tsx';

const FIELDS: ListField[] = [{ kind: 'text', name: 'companyName', label: '公司名称', placeholder: '请输入公司名称', width: 240 }];
// states by name: the client drops a 0 from the query (docs/domains/platform.md#empty-query-values), and 待审核 is state 0
const TABS = [
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'refused', label: '已驳回' },
  { key: 'disabled', label: '已停用' },
  { key: 'all', label: '全部' },
];

/** 供应商审核: registrations by status, qualification links, approve (confirm) and refuse (with a reason). */
export function SupplierReviewPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<SupplierReviewVO>({
    queryKey: supplierKeys.review,
    fields: FIELDS,
    tabs: TABS,
    request: ({ tab, ...q }) => getReviewPage({ ...q, status: tab === 'all' ? undefined : tab }),
    flags: usePageFlags(entry),
  });
  // the refusal (a pending registration) or disabling (a working supplier) that asks for a reason
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  // the working or disabled supplier whose contact details and child-account limit are being corrected
  const [editing, setEditing] = useState<SupplierReviewVO | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: supplierKeys.review });

  const approve = (r: SupplierReviewVO) =>
    feedback.modal().confirm({
      title: '确认审核通过？',
      content: `通过后，${r.companyName} 可使用用户名 ${r.userName ?? ''} 登录平台。`,
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        await approveSupplier(r.id);
        feedback.success('已通过');
        await refresh();
      },
    });

  const enable = (r: SupplierReviewVO) =>
    feedback.modal().confirm({
      title: '确认恢复该供应商？',
      content: `恢复后，${r.companyName} 的账号可以重新登录，商品重新展示。`,
      okText: '恢复',
      cancelText: '取消',
      onOk: async () => {
        await enableSupplier(r.id);
        feedback.success('已恢复');
        await refresh();
      },
    });

  const refuse = (r: SupplierReviewVO) => {
    const disabling = r.status === 1;
    setAsking({
      title: disabling ? `停用供应商：${r.companyName}` : `驳回注册申请：${r.companyName}`,
      label: disabling ? '停用原因' : '驳回原因',
      okText: disabling ? '确认停用' : '确认驳回',
      danger: true,
      requiredMessage: disabling ? '请填写停用原因' : '请填写驳回原因',
      placeholder: disabling ? '将通过邮件告知供应商；停用后其账号立即下线，商品不再展示' : '将通过短信和邮件告知申请人，请写明需要补充或修改的内容',
      onSubmit: async (reason) => {
        if (disabling) await disableSupplier({ id: r.id, reason });
        else await refuseSupplier({ id: r.id, reason });
        feedback.success(disabling ? '已停用' : '已驳回');
        await refresh();
      },
    });
  };

  return (
    <ListPage<SupplierReviewVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="review-search"
      emptyText={list.tab === '0' ? '暂无待审核的注册申请' : '暂无记录'}
      table={{ scroll: { x: 1200 } }}
      columns={supplierReviewColumns({ approve, enable, refuse, setEditing })}
    >
      <ReasonModal request={asking} onClose={() => setAsking(null)} />
      <SupplierInfoModal supplier={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </ListPage>
  );
}
