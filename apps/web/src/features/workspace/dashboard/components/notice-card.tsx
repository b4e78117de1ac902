import { useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Flex, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { markNoticeRead, NoticeDetail, NoticeList, type NoticeVO, noticeKeys, useDashboardNotices, useUnreadNoticeCount } from '../../../site/content/index.ts';

/**
 * Published notices of the user's side (type 2 buyers, 3 suppliers) inside their window and for
 * their roles, unread ones marked and counted; opening one records the reading.
 */
export function NoticeCard({ type }: { type: 2 | 3 }) {
  const client = useQueryClient();
  const { data, isLoading } = useDashboardNotices(type);
  const unread = useUnreadNoticeCount();
  const [open, setOpen] = useState<NoticeVO | null>(null);
  const show = (n: NoticeVO) => {
    setOpen(n);
    if (n.read === false)
      void markNoticeRead(n.id)
        .then(() => client.invalidateQueries({ queryKey: noticeKeys.all }))
        .catch(() => undefined);
  };
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          平台公告
          <Badge count={unread.data?.count ?? 0} title="未读公告" data-testid="notice-unread-badge" />
        </Flex>
      }
      extra={<Link to="/notice">全部公告</Link>}
      data-testid="dashboard-notices"
    >
      <NoticeList notices={data?.records ?? []} loading={isLoading} onOpen={show} emptyText="暂无公告" />
      <Modal open={!!open} width={760} footer={null} onCancel={() => setOpen(null)} destroyOnHidden>
        {open && <NoticeDetail notice={open} />}
      </Modal>
    </Card>
  );
}
