import { ArrowLeftOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Pagination, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getPendingLogin, isLoggedIn } from '../../../../lib/session.ts';
import { contentKeys } from '../api/content-query-keys.ts';
import { getNoticeById, getNoticePage, getPublicNoticeById, getPublicNoticePage, noticeKeys } from '../api/notice-api.ts';
import { NoticeDetail } from '../components/notice-detail.tsx';
import { NoticeList } from '../components/notice-list.tsx';

const PAGE_SIZE = 10;

/**
 * 平台公告 (public): the list with a title search and paging, and one notice by ?id=. A logged-in
 * user also sees the notices of their side (the server picks types 1+2 or 1+3).
 */
export function NoticePage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const loggedIn = isLoggedIn() && !getPendingLogin();
  const [current, setCurrent] = useState(1);
  const [title, setTitle] = useState('');

  const list = useQuery({
    queryKey: noticeKeys.public({ current, title, loggedIn }),
    queryFn: () => (loggedIn ? getNoticePage({ current, size: PAGE_SIZE, status: 1, title }) : getPublicNoticePage({ current, size: PAGE_SIZE, title })),
    enabled: !id,
    placeholderData: keepPreviousData,
  });
  const detail = useQuery({
    queryKey: noticeKeys.detail(id, loggedIn),
    queryFn: () => (loggedIn ? getNoticeById(id) : getPublicNoticeById(id)),
    enabled: id > 0,
  });
  // opening a notice records the reading: the unread marks and the badge follow
  const client = useQueryClient();
  const openedId = detail.data?.id;
  useEffect(() => {
    if (!loggedIn || !openedId) return;
    void client.invalidateQueries({ queryKey: noticeKeys.unread });
    void client.invalidateQueries({ queryKey: contentKeys.noticePublic });
    void client.invalidateQueries({ queryKey: contentKeys.noticeDashboard });
  }, [client, loggedIn, openedId]);

  if (id) {
    return (
      <Card
        title={
          <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => setParams({})} style={{ paddingLeft: 0 }}>
            返回公告列表
          </Button>
        }
      >
        {detail.isLoading ? <Skeleton active /> : detail.data ? <NoticeDetail notice={detail.data} /> : <Empty description="公告不存在或已下线" />}
      </Card>
    );
  }

  return (
    <Card
      title="平台公告"
      extra={
        <Input.Search
          allowClear
          placeholder="搜索公告标题"
          onSearch={(v) => {
            setTitle(v.trim());
            setCurrent(1);
          }}
          style={{ width: 240 }}
        />
      }
    >
      <NoticeList
        testId="notice-list"
        notices={list.data?.records ?? []}
        loading={list.isLoading}
        onOpen={(n) => setParams({ id: String(n.id) })}
        emptyText="暂无公告：平台发布的公告将在此列出"
      />
      {(list.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={current}
          pageSize={PAGE_SIZE}
          total={list.data?.total ?? 0}
          showTotal={(t) => `共 ${t} 条`}
          onChange={setCurrent}
        />
      )}
    </Card>
  );
}
