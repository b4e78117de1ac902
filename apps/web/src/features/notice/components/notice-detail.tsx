import { Flex, Typography } from 'antd';
import { RichHtml } from '../../../components/rich-html.tsx';
import type { NoticeVO } from '../api/notice-api.ts';
import { formatNoticeDate } from './notice-list.tsx';

export function NoticeDetail({ notice }: { notice: NoticeVO }) {
  return (
    <article data-testid="notice-detail">
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
        {notice.title}
      </Typography.Title>
      <Flex justify="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">发布时间：{formatNoticeDate(notice)}</Typography.Text>
      </Flex>
      <RichHtml html={notice.content} />
    </article>
  );
}
