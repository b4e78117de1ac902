import { Card, Empty, Skeleton, Typography } from 'antd';
import { RichHtml } from '../../../components/rich-html.tsx';
import { useValidPageConfig } from '../../../lib/page-config.ts';

const TITLES = { privacy: '隐私政策', serviceAgreement: '平台服务协议' } as const;

/** 隐私政策 / 平台服务协议: the text the admin publishes in page configuration. */
export function PolicyPage({ kind }: { kind: 'privacy' | 'serviceAgreement' }) {
  const { data, isLoading } = useValidPageConfig(kind);
  const docs = data ?? [];
  return (
    <Card>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {docs[0]?.title ?? TITLES[kind]}
      </Typography.Title>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : docs.length ? (
        docs.map((d, i) => (
          <section key={d.id}>
            {i > 0 && <Typography.Title level={4}>{d.title}</Typography.Title>}
            <RichHtml html={d.content} testId={`policy-${kind}`} />
          </section>
        ))
      ) : (
        <Empty description={`平台尚未发布${TITLES[kind]}，请稍后再来查看。`} />
      )}
    </Card>
  );
}
