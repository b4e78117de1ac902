import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { UnfreezeData } from '../../../../lib/error-catalogue.ts';
import { StorageKey, storage, TTL } from '../../../../lib/storage.ts';
import { getSsoOrgs, type SsoCheckVO, ssoAgree, ssoCheck } from '../api/sso-api.ts';
import { ssoKeys } from '../api/sso-query-keys.ts';
import { PrivacyConsent } from '../components/privacy-consent.tsx';
import { once } from '../lib/once.ts';

type Stage = { kind: 'working'; text: string } | { kind: 'consent'; code: string; instituteName: string } | { kind: 'failed'; message: string };

/**
 * /casSSO, /api/zjs/cas/sso.lf and /asaglogin.lf: login through an institute's CAS server. Without a
 * ticket the browser is sent to the CAS login; CAS sends it back here with one, which the server
 * validates and maps to an account. Then, on a first login, the privacy policy; then /getToken.
 */
export function CasLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const org = params.get('org');
  const ticket = params.get('ticket');
  const [stage, setStage] = useState<Stage>({ kind: 'working', text: '正在连接统一身份认证…' });
  const [agreeing, setAgreeing] = useState(false);

  useEffect(() => {
    if (!org) return;
    const settle = (r: SsoCheckVO) => {
      if (r.result === 'login') {
        setStage({ kind: 'working', text: `正在前往${r.instituteName}统一身份认证…` });
        window.location.assign(r.loginUrl);
      } else if (r.result === 'ok') {
        if (r.needAgree) setStage({ kind: 'consent', code: r.code, instituteName: r.instituteName });
        else navigate(`/getToken?code=${encodeURIComponent(r.code)}`, { replace: true });
      } else if (r.result === 'noUser') {
        navigate('/noUser', { replace: true, state: { identity: r.identity, instituteName: r.instituteName } });
      } else {
        const data: UnfreezeData = { id: r.id, userName: r.userName, phoneNum: r.phoneNum };
        storage.set<UnfreezeData>(StorageKey.unfreeze, data, TTL.unfreeze);
        navigate('/casSSOUnFreeze', { replace: true, state: { ...data, instituteName: r.instituteName } });
      }
    };
    once(`cas:${org}:${ticket ?? ''}`, () => ssoCheck(org, ticket ?? undefined)).then(settle, (e: Error) =>
      setStage({ kind: 'failed', message: e.message || '统一身份认证登录失败' }),
    );
  }, [org, ticket, navigate]);

  if (!org) return <OrgChooser />;
  const agree = async (code: string) => {
    setAgreeing(true);
    try {
      await ssoAgree(code);
      navigate(`/getToken?code=${encodeURIComponent(code)}`, { replace: true });
    } catch {
      setAgreeing(false);
    }
  };
  if (stage.kind === 'consent')
    return (
      <PrivacyConsent
        instituteName={stage.instituteName}
        busy={agreeing}
        onAgree={() => agree(stage.code)}
        onDecline={() => setStage({ kind: 'failed', message: '未同意隐私政策，不能登录。您可以随时重新从统一身份认证登录。' })}
      />
    );
  if (stage.kind === 'failed')
    return (
      <Result
        status="warning"
        title="统一身份认证登录未完成"
        subTitle={stage.message}
        extra={
          <Space>
            <Button type="primary" onClick={() => window.location.assign(`/casSSO?org=${encodeURIComponent(org)}`)}>
              重新登录
            </Button>
            <Button onClick={() => navigate('/login', { replace: true })}>使用平台账号登录</Button>
          </Space>
        }
        style={{ paddingTop: 120 }}
      />
    );
  return (
    <Flex justify="center" align="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" tip={stage.text}>
        <div style={{ width: 240, height: 80 }} />
      </Spin>
    </Flex>
  );
}

/** /casSSO without an institute: the institutes that offer it. */
function OrgChooser() {
  const navigate = useNavigate();
  const { data, isLoading } = useQuery({ queryKey: ssoKeys.orgs, queryFn: getSsoOrgs });
  return (
    <Card title="统一身份认证登录" style={{ maxWidth: 560, margin: '80px auto' }} loading={isLoading}>
      {data?.length ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {data.map((o) => (
            <Button key={o.code} block size="large" onClick={() => navigate(`/casSSO?org=${encodeURIComponent(o.code)}`)}>
              {o.instituteName}
            </Button>
          ))}
        </Space>
      ) : (
        <Empty description="暂无单位开通统一身份认证登录，请使用平台账号登录。" />
      )}
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Button type="link" onClick={() => navigate('/login')}>
          使用平台账号登录
        </Button>
      </Flex>
    </Card>
  );
}
