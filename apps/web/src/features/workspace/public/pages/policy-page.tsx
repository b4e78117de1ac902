import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Typography } from 'antd';
import { RichHtml } from '../../../../components/rich-html.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import { publicKeys } from '../api/public-query-keys.ts';
import { getSecretByType } from '../api/secret-api.ts';

const TYPES = { privacy: { type: 1, title: '隐私政策' }, serviceAgreement: { type: 2, title: '平台服务协议' } } as const;

/** 隐私政策 / 平台服务协议 (getSecretByType): the text the admin publishes in 页面配置. */
export function PolicyPage({ kind }: { kind: 'privacy' | 'serviceAgreement' }) {
  const { type, title } = TYPES[kind];
  const { data, isLoading } = useQuery({ queryKey: publicKeys.secret(type), queryFn: () => getSecretByType(type), staleTime: 60_000 });
  return (
    <Card>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {data?.title || title}
      </Typography.Title>
      {data?.updatedAt && (
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          更新日期：{shanghaiTime(data.updatedAt).slice(0, 10)}
        </Typography.Paragraph>
      )}
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : data?.content ? (
        <RichHtml html={data.content} testId={`policy-${kind}`} />
      ) : (
        <Empty description={`平台尚未发布${title}，请稍后再来查看。`} />
      )}
    </Card>
  );
}
