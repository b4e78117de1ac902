import { FilePdfOutlined, FileWordOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useMyManuals } from '../api/manuals-api.ts';

/** 操作手册 in the help centre: the published manuals of the user's roles, each opening in a new tab. */
export function MyManuals({ compact = false }: { compact?: boolean }) {
  const { data } = useMyManuals();
  if (!data?.length) return null;
  return (
    <Flex vertical gap={4} style={{ padding: compact ? '8px 12px' : '12px 16px', borderBottom: '1px solid #f0f0f0' }} data-testid="my-manuals">
      <Typography.Text strong>操作手册</Typography.Text>
      {data.map((m) => (
        <Typography.Link key={m.id} href={m.url} target="_blank" rel="noopener" ellipsis title={m.description || m.title}>
          {m.mime === 'application/pdf' ? <FilePdfOutlined /> : <FileWordOutlined />} {m.title}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {' '}
            V{m.version}
          </Typography.Text>
        </Typography.Link>
      ))}
    </Flex>
  );
}
