import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { claimKeys } from '../api/claim-query-keys.ts';
import { type ClaimVO, cancelClaim, claimPdf, getClaimCounts, getClaims, notifyClaim, resubmitClaim } from '../api/claims-api.ts';
import { claimColumns } from '../claim-columns.tsx';
import { MY_TABS } from '../claim-status.ts';
import { ClaimDetailDrawer } from '../components/claim-detail-drawer.tsx';
import { ClaimWizard } from '../components/claim-wizard.tsx';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'claimNo', label: '报销单号', width: 200 },
  { kind: 'dateRange', name: 'date', label: '申请日期' },
];
const IN_APPROVAL = ['submitted', 'team_approved'];

/**
 * /cass/claim/my (我的报销): my claims by state with their counts; 发起报销 opens the wizard over my
 * completed sub-orders; a claim can be cancelled while nobody has decided, resubmitted when it came
 * back, and its approver reminded.
 */
export function MyClaimsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const counts = useQuery({ queryKey: claimKeys.mineCounts, queryFn: getClaimCounts });
  const n = counts.data?.mine ?? {};
  const tabs = MY_TABS.map((t) => ({
    ...t,
    count: t.key === 'all' ? undefined : t.key === 'submitted' ? IN_APPROVAL.reduce((a, s) => a + (n[s] ?? 0), 0) : (n[t.key] ?? 0),
  }));
  const list = useListPage<ClaimVO>({
    queryKey: claimKeys.mine,
    fields: FIELDS,
    tabs,
    request: (q) => getClaims('mine')({ ...q, tab: q.tab === 'submitted' ? IN_APPROVAL.join(',') : q.tab }),
    flags: usePageFlags(entry),
  });
  const [wizard, setWizard] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: claimKeys.all });
  const act = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    feedback.success(done);
    await refresh();
  };

  return (
    <ListPage<ClaimVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="my-claims-search"
      toolbar={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setWizard(true)} data-testid="claim-new">
          发起报销
        </Button>
      }
      emptyText="暂无报销单，点击“发起报销”选择已完成的订单"
      totalCap={10_000}
      table={{ scroll: { x: 1100 }, size: 'middle' }}
      columns={[
        ...claimColumns(setOpen),
        {
          title: '操作',
          key: 'actions',
          width: 220,
          fixed: 'right',
          render: (_, c) => (
            <Flex gap={4} wrap>
              {c.status === 'draft' && (
                <Button type="link" size="small" onClick={() => void act(() => resubmitClaim(c.id), '报销单已重新提交')}>
                  重新提交
                </Button>
              )}
              {(c.status === 'draft' || c.status === 'submitted') && (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    feedback.modal().confirm({
                      title: `撤销报销单 ${c.claimNo}？`,
                      content: '撤销后其中的订单可以重新报销。',
                      okText: '撤销',
                      cancelText: '取消',
                      onOk: () => act(() => cancelClaim(c.id), '报销单已撤销'),
                    })
                  }
                >
                  撤销
                </Button>
              )}
              {['submitted', 'team_approved', 'institute_approved', 'finance_review'].includes(c.status) && (
                <Button type="link" size="small" onClick={() => void act(() => notifyClaim(c.id), '已提醒审批人').catch(() => undefined)}>
                  提醒审批
                </Button>
              )}
              <Button type="link" size="small" onClick={() => void openPdfInNewTab(() => claimPdf(c.id)).catch(() => undefined)}>
                PDF
              </Button>
            </Flex>
          ),
        },
      ]}
    >
      <ClaimWizard
        open={wizard}
        onClose={() => setWizard(false)}
        onDone={() => {
          setWizard(false);
          void refresh();
        }}
      />
      <ClaimDetailDrawer id={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
