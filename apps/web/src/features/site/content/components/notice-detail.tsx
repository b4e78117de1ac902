import { PaperClipOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { RichHtml } from '../../../../components/rich-html.tsx';
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
      {notice.attachments?.length ? (
        <Flex vertical gap={4} style={{ marginTop: 16 }} data-testid="notice-attachments">
          <Typography.Text strong>附件</Typography.Text>
          {notice.attachments.map((a) => (
            <Typography.Link key={a.id} href={a.url} target="_blank" rel="noopener">
              <PaperClipOutlined /> {a.name}
            </Typography.Link>
          ))}
        </Flex>
      ) : null}
    </article>
  );
}
