import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { complaintKeys } from '../api/complaint-query-keys.ts';
import { type ComplaintSide, type ComplaintVO, getComplaints, handleComplaint, replyComplaint } from '../api/complaints-api.ts';
import { complaintColumns } from '../components/complaint-columns.tsx';
import { ComplaintDrawer } from '../components/complaint-drawer.tsx';
import { NewComplaintModal } from '../components/new-complaint-modal.tsx';
import { COMPLAINT_FIELDS } from '../status-options.ts';

const OPEN = ['submitted', 'processing'];

/**
 * 投诉 for the three sides: the buyer's 我的投诉 (new, or from the order detail with ?subOrderId=),
 * the platform's 投诉处理 (受理, 办结, 驳回 with a reply) and the supplier's 投诉回复.
 */
function ComplaintsPage({ entry, home, side }: MenuPageProps & { side: ComplaintSide }) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useListPage<ComplaintVO>({
    queryKey: complaintKeys.list(side),
    fields: COMPLAINT_FIELDS,
    request: getComplaints(side),
    flags: usePageFlags(entry),
  });
  const [open, setOpen] = useState<number | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [creating, setCreating] = useState(false);
  const fromOrder = Number(params.get('subOrderId')) || null;
  const act = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    feedback.success(done);
    await client.invalidateQueries({ queryKey: complaintKeys.all });
  };
  const ask = (title: string, label: string, okText: string, run: (text: string) => Promise<unknown>, done: string) =>
    setReason({ title, label, okText, maxLength: 1000, onSubmit: (text) => act(() => run(text), done) });
  const endCreating = () => {
    setCreating(false);
    if (fromOrder) {
      params.delete('subOrderId');
      setParams(params, { replace: true });
    }
  };

  return (
    <ListPage<ComplaintVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName={`complaints-${side}-search`}
      emptyText="暂无投诉"
      toolbar={
        side === 'buyer' && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建投诉
          </Button>
        )
      }
      table={{ scroll: { x: 1300 }, size: 'middle' }}
      columns={[
        ...complaintColumns(setOpen),
        ...(side === 'buyer'
          ? []
          : [
              {
                title: '操作',
                key: 'actions',
                width: 180,
                fixed: 'right' as const,
                render: (_: unknown, r: ComplaintVO) => (
                  <Flex gap={4} wrap>
                    {side === 'supplier' && OPEN.includes(r.status) && (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => ask(`回复投诉 ${r.complaintNo}`, '回复内容', '提交', (t) => replyComplaint(r.id, t), '回复已提交')}
                      >
                        {r.supplierReply ? '修改回复' : '回复'}
                      </Button>
                    )}
                    {side === 'admin' && r.status === 'submitted' && (
                      <Button type="link" size="small" onClick={() => void act(() => handleComplaint('accept', r.id), '已受理')}>
                        受理
                      </Button>
                    )}
                    {side === 'admin' && r.status === 'processing' && (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => ask(`办结投诉 ${r.complaintNo}`, '处理结果', '办结', (t) => handleComplaint('resolve', r.id, t), '投诉已解决')}
                      >
                        办结
                      </Button>
                    )}
                    {side === 'admin' && OPEN.includes(r.status) && (
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() => ask(`驳回投诉 ${r.complaintNo}`, '驳回理由', '驳回', (t) => handleComplaint('reject', r.id, t), '投诉已驳回')}
                      >
                        驳回
                      </Button>
                    )}
                  </Flex>
                ),
              },
            ]),
      ]}
    >
      <ComplaintDrawer side={side} id={open} onClose={() => setOpen(null)} />
      <ReasonModal request={reason} onClose={() => setReason(null)} />
      {side === 'buyer' && (
        <NewComplaintModal
          open={creating || fromOrder !== null}
          subOrderId={fromOrder}
          onClose={endCreating}
          onDone={() => {
            endCreating();
            void client.invalidateQueries({ queryKey: complaintKeys.all });
          }}
        />
      )}
    </ListPage>
  );
}

export const MyComplaintsPage = (p: MenuPageProps) => <ComplaintsPage {...p} side="buyer" />;
export const AdminComplaintsPage = (p: MenuPageProps) => <ComplaintsPage {...p} side="admin" />;
export const SupplierComplaintsPage = (p: MenuPageProps) => <ComplaintsPage {...p} side="supplier" />;
