import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isLoggedIn } from '../../../../lib/session.ts';
import { getPartnerOptions, partnerTicket } from '../api/sso-api.ts';
import { ssoKeys } from '../api/sso-query-keys.ts';

/**
 * /CassToOtherWeb and /CassServiceSSoToLogin: the logged-in user enters a partner system with a
 * 60-second signed ticket (?partner=code); without a code, the systems this user may enter.
 */
export function PartnerHandoffPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const partner = params.get('partner');
  const loggedIn = isLoggedIn();
  const [failed, setFailed] = useState<string | null>(null);
  const options = useQuery({ queryKey: ssoKeys.partners, queryFn: getPartnerOptions, enabled: loggedIn && !partner });

  useEffect(() => {
    if (!loggedIn || !partner) return;
    partnerTicket(partner).then(
      (r) => window.location.assign(r.url),
      (e: Error) => setFailed(e.message || '无法进入该系统'),
    );
  }, [loggedIn, partner]);

  if (!loggedIn)
    return (
      <Result
        status="info"
        title="请先登录"
        subTitle="进入外部业务系统需要先登录本平台；登录后请从外部系统重新进入。"
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            前往登录
          </Button>
        }
        style={{ paddingTop: 120 }}
      />
    );
  if (failed)
    return (
      <Result
        status="warning"
        title="无法进入外部系统"
        subTitle={failed}
        extra={
          <Button type="primary" onClick={() => navigate('/caas', { replace: true })}>
            返回控制台
          </Button>
        }
        style={{ paddingTop: 120 }}
      />
    );
  if (partner)
    return (
      <Flex justify="center" align="center" style={{ minHeight: '50vh' }}>
        <Spin size="large" tip="正在进入外部系统…">
          <div style={{ width: 240, height: 80 }} />
        </Spin>
      </Flex>
    );
  return (
    <Card title="进入外部业务系统" style={{ maxWidth: 560, margin: '40px auto' }} loading={options.isLoading}>
      {options.data?.length ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {options.data.map((o) => (
            <Button key={o.code} block size="large" onClick={() => navigate(`?partner=${encodeURIComponent(o.code)}`)}>
              {o.name}
            </Button>
          ))}
        </Space>
      ) : (
        <Empty description="平台尚未为您的单位配置外部业务系统" />
      )}
    </Card>
  );
}
