import { NotificationOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { usePublicNotices } from '../api/use-catalog-queries.ts';

const NOTICE_PATH = '/notice';

/** The platform's public notices (five newest); each opens on the public notice page. */
export function NoticeBoard() {
  const { data, isLoading } = usePublicNotices();
  const notices = data?.records ?? [];
  return (
    <Card
      size="small"
      loading={isLoading}
      title={
        <span>
          <NotificationOutlined /> 平台公告
        </span>
      }
      extra={<Link to={NOTICE_PATH}>更多</Link>}
      style={{ height: '100%' }}
    >
      {notices.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无公告" />}
      <Flex vertical gap={6}>
        {notices.map((n) => (
          <Flex key={n.id} justify="space-between" gap={8}>
            <Link to={`${NOTICE_PATH}?id=${n.id}`} style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text ellipsis style={{ color: 'inherit' }}>
                {n.top ? '[置顶] ' : ''}
                {n.title}
              </Typography.Text>
            </Link>
            <Typography.Text type="secondary" style={{ fontSize: 12, flex: 'none' }}>
              {dayjs(n.publishedAt ?? n.createdAt).format('MM-DD')}
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
