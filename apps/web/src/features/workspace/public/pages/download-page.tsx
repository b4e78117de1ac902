import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, List, Typography } from 'antd';
import { RichHtml } from '../../../../components/rich-html.tsx';
import { useValidPageConfig } from '../../../../lib/page-config.ts';

/** 下载中心: the started 'download' configurations (plug-ins, manuals, forms), each with its link. */
export function DownloadPage() {
  const { data, isLoading } = useValidPageConfig('download');
  return (
    <Card title="下载中心">
      <List
        loading={isLoading}
        dataSource={data ?? []}
        locale={{ emptyText: '暂无可下载的文件：平台发布的打印插件、操作手册和表格模板将在此列出' }}
        renderItem={(d) => {
          const href = d.linkUrl ?? d.imageUrl;
          return (
            <List.Item
              actions={
                href
                  ? [
                      <Button key="dl" type="link" icon={<DownloadOutlined />} href={href} target="_blank" rel="noopener noreferrer">
                        下载
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta title={<Typography.Text strong>{d.title}</Typography.Text>} description={d.content ? <RichHtml html={d.content} /> : null} />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
