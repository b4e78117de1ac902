import { Input, Modal, Table, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePagedQuery } from '../../../../components/list-page/index.ts';
import { contentKeys } from '../api/content-query-keys.ts';
import { getNoticeReaders, type NoticeVO } from '../api/notice-api.ts';

/** 阅读情况: who read the notice and when, or who among its audience has not read it yet. */
export function NoticeReadersModal({ notice, onClose }: { notice: NoticeVO | null; onClose: () => void }) {
  const [read, setRead] = useState<'true' | 'false'>('true');
  const [userName, setUserName] = useState('');
  const id = notice?.id ?? 0;
  const {
    query: { data, isFetching },
    restart,
    pagination,
  } = usePagedQuery({
    queryKey: contentKeys.noticeReaders(id, read, userName),
    queryFn: (page) => getNoticeReaders({ id, read, userName: userName || undefined, ...page }),
    enabled: id > 0,
    keepPrevious: true,
    showTotal: (n) => `共 ${n} 人`,
  });
  return (
    <Modal open={!!notice} title={`阅读情况：${notice?.title ?? ''}`} width={760} footer={null} onCancel={onClose} destroyOnHidden>
      <Tabs
        activeKey={read}
        onChange={(k) => {
          setRead(k as 'true' | 'false');
          restart();
        }}
        items={[
          { key: 'true', label: `已读（${notice?.readCount ?? 0}）` },
          { key: 'false', label: `未读（${notice?.unreadCount ?? 0}）` },
        ]}
      />
      <Input.Search
        allowClear
        placeholder="按账号或姓名搜索"
        style={{ width: 260, marginBottom: 12 }}
        onSearch={(v) => {
          setUserName(v.trim());
          restart();
        }}
      />
      <Table
        size="small"
        rowKey="userId"
        loading={isFetching}
        dataSource={data?.records ?? []}
        data-testid="notice-readers"
        locale={{ emptyText: read === 'true' ? '暂无人阅读' : '受众均已阅读' }}
        pagination={pagination}
        columns={[
          { title: '账号', dataIndex: 'userName' },
          { title: '姓名', dataIndex: 'realName', render: (v: string | null) => v ?? '—' },
          { title: '研究所', dataIndex: 'instituteName', render: (v: string | null) => v ?? '—' },
          ...(read === 'true'
            ? [{ title: '阅读时间', dataIndex: 'readAt', render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—') }]
            : []),
        ]}
      />
    </Modal>
  );
}
