import { BUILTIN_ROLE } from '@kc/contracts/platform/permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Space } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { ReasonModal, type ReasonRequest } from '../../../buying/orders/index.ts';
import { claimKeys } from '../api/claim-query-keys.ts';
import { type ClaimVO, decideClaims, getWaitCounts, getWaiting } from '../api/claims-api.ts';
import { claimColumns } from '../claim-columns.tsx';
import { showClaimResults } from '../components/batch-outcome.ts';
import { ClaimDetailDrawer } from '../components/claim-detail-drawer.tsx';

const FIELDS: ListField[] = [{ kind: 'text', name: 'claimNo', label: '报销单号', width: 200 }];

/**
 * /cass/claim/approve (报销审批): claims waiting for me as team leader and as institute, with their
 * counts; pass or refuse (with a reason) one at a time or in batch. The server checks each claim's
 * team and institute and that nobody decides their own claim.
 */
export function ApproveClaimsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const counts = useQuery({ queryKey: claimKeys.approveCounts, queryFn: getWaitCounts });
  // a tab per step the user acts at (the server answers an empty list for the others)
  const codes = new Set(useUserAllInfo().data?.user.roles.map((r) => r.code) ?? []);
  const tabs = [
    ...(codes.has(BUILTIN_ROLE.TEAM_LEADER) || !codes.has(BUILTIN_ROLE.INSTITUTE_OWNER)
      ? [{ key: 'team', label: '课题组长待审批', count: counts.data?.team }]
      : []),
    ...(codes.has(BUILTIN_ROLE.INSTITUTE_OWNER) ? [{ key: 'institute', label: '研究所待审批', count: counts.data?.institute }] : []),
  ];
  const list = useListPage<ClaimVO>({
    queryKey: claimKeys.approve,
    fields: FIELDS,
    tabs,
    request: (q) => getWaiting((q.tab ?? tabs[0]?.key) === 'institute' ? 'institute' : 'team')(q),
    flags: usePageFlags(entry),
  });
  const step = (list.tab ?? tabs[0]?.key) === 'institute' ? 'institute' : 'team';
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const noOf = (id: number) => list.records.find((r) => r.id === id)?.claimNo ?? String(id);
  const decide = async (ids: number[], why?: string) => {
    const r = await decideClaims(step, ids, why);
    showClaimResults(why ? '驳回' : '审批通过', r, noOf);
    list.selection.clear();
    await client.invalidateQueries({ queryKey: claimKeys.all });
  };
  const refuse = (ids: number[]) =>
    setReason({ title: `驳回 ${ids.length} 张报销单`, label: '驳回原因（报销人可见）', okText: '驳回', onSubmit: (r) => decide(ids, r) });
  const chosen = list.selection.keys.map(Number);

  return (
    <ListPage<ClaimVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="approve-claims-search"
      selectable
      batchBar={
        chosen.length > 0 && (
          <Space>
            <span>已选 {chosen.length} 张</span>
            <Button type="primary" onClick={() => void decide(chosen)} data-testid="claim-batch-pass">
              批量通过
            </Button>
            <Button danger onClick={() => refuse(chosen)}>
              批量驳回
            </Button>
          </Space>
        )
      }
      emptyText="没有待审批的报销单"
      totalCap={10_000}
      table={{ scroll: { x: 1400 }, size: 'middle' }}
      columns={[
        ...claimColumns(setOpen, { buyer: true }),
        {
          title: '操作',
          key: 'actions',
          width: 140,
          fixed: 'right',
          render: (_, c) => (
            <Flex gap={4}>
              <Button type="link" size="small" onClick={() => void decide([c.id])} data-testid="claim-pass">
                通过
              </Button>
              <Button type="link" size="small" danger onClick={() => refuse([c.id])}>
                驳回
              </Button>
            </Flex>
          ),
        },
      ]}
    >
      <ReasonModal request={reason} onClose={() => setReason(null)} />
      <ClaimDetailDrawer id={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
