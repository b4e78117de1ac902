import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { RichHtml } from '../../../../components/rich-html.tsx';
import { getSecretByType } from '../api/sso-api.ts';
import { ssoKeys } from '../api/sso-query-keys.ts';

/** A first single-sign-on login: the current privacy policy, to accept before entering. */
export function PrivacyConsent({
  instituteName,
  busy,
  onAgree,
  onDecline,
}: {
  instituteName: string;
  busy: boolean;
  onAgree: () => void;
  onDecline: () => void;
}) {
  const { data, isLoading } = useQuery({ queryKey: ssoKeys.secret(1), queryFn: () => getSecretByType(1) });
  return (
    <Card style={{ maxWidth: 880, margin: '40px auto' }} title={`欢迎通过${instituteName}统一身份认证登录`}>
      <Typography.Paragraph>首次通过统一身份认证登录本平台，请阅读并同意《{data?.title ?? '隐私政策'}》。</Typography.Paragraph>
      <div style={{ maxHeight: 420, overflow: 'auto', border: '1px solid #f0f0f0', padding: 16, marginBottom: 16 }}>
        {isLoading ? <Skeleton active paragraph={{ rows: 8 }} /> : <RichHtml html={data?.content} testId="sso-privacy" />}
      </div>
      <Flex justify="center" gap={16}>
        <Button onClick={onDecline}>不同意</Button>
        <Button type="primary" loading={busy} onClick={onAgree}>
          同意并登录
        </Button>
      </Flex>
    </Card>
  );
}
