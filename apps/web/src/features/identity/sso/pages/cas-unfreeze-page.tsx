import { Button, Result, Space } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { UnfreezeData } from '../../../../lib/error-catalogue.ts';
import { StorageKey, storage } from '../../../../lib/storage.ts';

/**
 * /casSSOUnFreeze: the CAS identity belongs to an account frozen after repeated wrong passwords. The
 * account is unfrozen the usual way (a code to its phone or e-mail, /UnFreeze), then SSO works again.
 */
export function CasUnfreezePage() {
  const navigate = useNavigate();
  const state = useLocation().state as (UnfreezeData & { instituteName?: string }) | null;
  const data = state?.userName ? state : storage.get<UnfreezeData>(StorageKey.unfreeze);
  return (
    <Result
      status="warning"
      title="账号已冻结"
      subTitle={
        data
          ? `您通过${state?.instituteName ?? '单位'}统一身份认证登录的平台账号 ${data.userName} 因多次密码错误已被冻结，请验证身份后解冻，再重新登录。`
          : '账号已冻结，请重新从单位统一身份认证登录，或使用平台账号登录后按提示解冻。'
      }
      extra={
        <Space>
          {data && (
            <Button type="primary" onClick={() => navigate('/UnFreeze', { state: data })}>
              验证身份并解冻
            </Button>
          )}
          <Button onClick={() => navigate('/login', { replace: true })}>返回登录</Button>
        </Space>
      }
      style={{ paddingTop: 120 }}
    />
  );
}
