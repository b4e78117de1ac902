import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Space } from 'antd';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { ReasonModal, type ReasonRequest } from '../../../buying/orders/index.ts';
import { claimKeys } from '../api/claim-query-keys.ts';
import { type ClaimVO, finance, getWaiting } from '../api/claims-api.ts';
import { claimColumns } from '../claim-columns.tsx';
import { showClaimResults } from '../components/batch-outcome.ts';
import { ClaimDetailDrawer } from '../components/claim-detail-drawer.tsx';
import { FreezeSetting } from '../components/freeze-setting.tsx';
import { MergedClaimsCard } from '../components/merged-claims-card.tsx';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'claimNo', label: '报销单号', width: 200 },
  { kind: 'text', name: 'qrcode', label: '报销单二维码', placeholder: '扫描或粘贴报销单上的二维码', width: 280, maxLength: 200 },
];

/**
 * /cass/claim/merge (合并报销, finance): the claims of my institute waiting for finance; choose
 * some and 合并审核通过 (one merged claim), or refuse them back to their buyers. Below, the merged
 * claims: complete, send back for papers, print, QR code; scanning a printed code brings one up.
 */
export function MergeClaimsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const auth = useQuery({ queryKey: claimKeys.financeAuth, queryFn: finance.isHaveAuth });
  const list = useListPage<ClaimVO>({ queryKey: claimKeys.finance, fields: FIELDS, request: getWaiting('finance'), flags: usePageFlags(entry) });
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const chosen = list.selection.keys.map(Number);
  const noOf = (id: number) => list.records.find((r) => r.id === id)?.claimNo ?? String(id);
  const refresh = () => client.invalidateQueries({ queryKey: claimKeys.all });

  const merge = async () => {
    const m = await finance.merge(chosen);
    feedback.success(`已合并为 ${m.mergeNo} 并审核通过`);
    list.selection.clear();
    await refresh();
  };
  const refuse = (ids: number[]) =>
    setReason({
      title: `驳回 ${ids.length} 张报销单`,
      label: '驳回原因（报销人可见）',
      okText: '驳回',
      onSubmit: async (r) => {
        showClaimResults('驳回', await finance.refuse(ids, r), noOf);
        list.selection.clear();
        await refresh();
      },
    });

  return (
    <ListPage<ClaimVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="merge-claims-search"
      selectable
      batchBar={
        <Flex vertical gap={8}>
          {auth.data && !auth.data.hasAuth && <Alert type="warning" showIcon title="您不是当前单位的财务人员，不能办理合并报销。" />}
          {chosen.length > 0 && (
            <Can flag="modify">
              <Space>
                <span>已选 {chosen.length} 张</span>
                <Button type="primary" onClick={() => void merge()} data-testid="claim-merge">
                  合并审核通过
                </Button>
                <Button danger onClick={() => refuse(chosen)}>
                  驳回
                </Button>
              </Space>
            </Can>
          )}
        </Flex>
      }
      emptyText="没有待财务审核的报销单"
      totalCap={10_000}
      table={{ scroll: { x: 1400 }, size: 'middle' }}
      columns={[
        ...claimColumns(setOpen, { buyer: true }),
        {
          title: '操作',
          key: 'actions',
          width: 100,
          fixed: 'right',
          render: (_, c) => (
            <Can flag="modify">
              <Button type="link" size="small" danger onClick={() => refuse([c.id])}>
                驳回
              </Button>
            </Can>
          ),
        },
      ]}
    >
      <MergedClaimsCard />
      {auth.data?.hasAuth && (
        <Card title="报销规则" size="small" style={{ marginTop: 16 }}>
          <Can flag="modify">
            <FreezeSetting />
          </Can>
        </Card>
      )}
      <ReasonModal request={reason} onClose={() => setReason(null)} />
      <ClaimDetailDrawer id={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
