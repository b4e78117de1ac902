import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { commentKeys } from '../api/comment-query-keys.ts';
import { type CommentSide, type CommentVO, getComments, hideComment, replyComment, showComment } from '../api/comments-api.ts';
import { commentColumns } from '../components/comment-columns.tsx';
import { OrderCommentModal } from '../components/order-comment-modal.tsx';
import { COMMENT_FIELDS } from '../status-options.ts';

const STATES: Record<CommentSide, { value: string; label: string }[]> = {
  buyer: [
    { value: 'visible', label: '展示中' },
    { value: 'hidden', label: '已隐藏' },
  ],
  admin: [
    { value: 'visible', label: '展示中' },
    { value: 'hidden', label: '已隐藏' },
  ],
  supplier: [{ value: 'unreplied', label: '未回复' }],
};

/**
 * 评价 for the three sides: 我的评价 (and rating an order's accepted lines from its detail,
 * ?orderId=), the supplier's 评价回复, the platform's 评价管理 (hide with a reason, show again).
 */
function CommentsPage({ entry, home, side }: MenuPageProps & { side: CommentSide }) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useListPage<CommentVO>({
    queryKey: commentKeys.list(side),
    fields: COMMENT_FIELDS(STATES[side]),
    request: getComments(side),
    flags: usePageFlags(entry),
  });
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const orderId = Number(params.get('orderId')) || null;
  const refresh = () => client.invalidateQueries({ queryKey: commentKeys.all });
  const act = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    feedback.success(done);
    await refresh();
  };

  return (
    <ListPage<CommentVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName={`comments-${side}-search`}
      emptyText={side === 'buyer' ? '暂无评价；订单验收通过后可在订单详情中点击“评价”' : '暂无评价'}
      table={{ scroll: { x: 1300 }, size: 'middle' }}
      columns={[
        ...commentColumns(),
        ...(side === 'buyer'
          ? []
          : [
              {
                title: '操作',
                key: 'actions',
                width: 130,
                fixed: 'right' as const,
                render: (_: unknown, c: CommentVO) => (
                  <Flex gap={4} wrap>
                    {side === 'supplier' && (
                      <Button
                        type="link"
                        size="small"
                        onClick={() =>
                          setReason({ title: '回复评价', label: '回复内容', okText: '提交', onSubmit: (t) => act(() => replyComment(c.id, t), '回复已保存') })
                        }
                      >
                        {c.reply ? '修改回复' : '回复'}
                      </Button>
                    )}
                    {side === 'admin' && !c.hidden && (
                      <Button
                        type="link"
                        size="small"
                        danger
                        onClick={() =>
                          setReason({
                            title: '隐藏评价',
                            label: '隐藏原因（告知评价人）',
                            okText: '隐藏',
                            maxLength: 200,
                            onSubmit: (t) => act(() => hideComment(c.id, t), '评价已隐藏'),
                          })
                        }
                      >
                        隐藏
                      </Button>
                    )}
                    {side === 'admin' && c.hidden && (
                      <Button type="link" size="small" onClick={() => void act(() => showComment(c.id), '评价已恢复显示')}>
                        恢复显示
                      </Button>
                    )}
                  </Flex>
                ),
              },
            ]),
      ]}
    >
      <ReasonModal request={reason} onClose={() => setReason(null)} />
      {side === 'buyer' && (
        <OrderCommentModal
          orderId={orderId}
          onClose={() => {
            params.delete('orderId');
            setParams(params, { replace: true });
          }}
          onDone={() => void refresh()}
        />
      )}
    </ListPage>
  );
}

export const MyCommentsPage = (p: MenuPageProps) => <CommentsPage {...p} side="buyer" />;
export const AdminCommentsPage = (p: MenuPageProps) => <CommentsPage {...p} side="admin" />;
export const SupplierCommentsPage = (p: MenuPageProps) => <CommentsPage {...p} side="supplier" />;
