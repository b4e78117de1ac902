import { PushpinOutlined } from '@ant-design/icons';
import { Badge, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { NoticeVO } from '../api/notice-api.ts';

interface Props {
  notices: NoticeVO[];
  loading?: boolean;
  onOpen: (notice: NoticeVO) => void;
  emptyText: string;
  testId?: string;
}

export function formatNoticeDate(n: Pick<NoticeVO, 'publishedAt' | 'createdAt'>): string {
  return dayjs(n.publishedAt ?? n.createdAt).format('YYYY-MM-DD');
}

/** Notice titles with their dates, pinned ones marked; a click opens one. */
export function NoticeList({ notices, loading, onOpen, emptyText, testId }: Props) {
  return (
    <List
      data-testid={testId}
      loading={loading}
      dataSource={notices}
      locale={{ emptyText }}
      renderItem={(n) => (
        <List.Item extra={<Typography.Text type="secondary">{formatNoticeDate(n)}</Typography.Text>}>
          <Typography.Link onClick={() => onOpen(n)} ellipsis style={{ maxWidth: 760 }}>
            {n.top && (
              <Tag color="red" icon={<PushpinOutlined />}>
                置顶
              </Tag>
            )}
            {n.read === false && <Badge status="error" style={{ marginRight: 6 }} aria-label="未读" />}
            {n.title}
          </Typography.Link>
        </List.Item>
      )}
    />
  );
}
