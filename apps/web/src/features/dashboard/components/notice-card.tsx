import { Card, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { NoticeDetail, NoticeList, type NoticeVO, useDashboardNotices } from '../../notice/index.ts';

/** Published notices of the user's side (type 2 buyers, 3 suppliers); a click opens one in a dialog. */
export function NoticeCard({ type }: { type: 2 | 3 }) {
  const { data, isLoading } = useDashboardNotices(type);
  const [open, setOpen] = useState<NoticeVO | null>(null);
  return (
    <Card title="平台公告" extra={<Link to="/notice">全部公告</Link>} data-testid="dashboard-notices">
      <NoticeList notices={data?.records ?? []} loading={isLoading} onOpen={setOpen} emptyText="暂无公告" />
      <Modal open={!!open} width={760} footer={null} onCancel={() => setOpen(null)} destroyOnHidden>
        {open && <NoticeDetail notice={open} />}
      </Modal>
    </Card>
  );
}
