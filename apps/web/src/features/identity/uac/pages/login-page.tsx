import type { DeptOption } from '@kc/contracts/identity/uac';
import { Flex, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { withChunkTimeout } from '../../../../lib/chunk-load.ts';
import { dismissDefaultUnitOffer } from '../../../../lib/default-unit-offer.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { queryClient } from '../../../../lib/query-client.ts';
import {
  clearSession,
  getPendingLogin,
  getToken,
  homePath,
  homePathFor,
  isLoggedIn,
  markActivity,
  type PendingLogin,
  SESSION_ENDED_EVENT,
  saveToken,
  setPendingLogin,
} from '../../../../lib/session.ts';
import { setCurrentDept, setDefaultDept } from '../../../../lib/session-queries.ts';
import { signOut } from '../../../../lib/sign-out.ts';
import { StorageKey, storage, TTL } from '../../../../lib/storage.ts';
import { login } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm, type LoginFormValues } from '../components/login-form.tsx';
import { LoginSwiper } from '../components/login-swiper.tsx';

// The steps after a login (unit choice, forced password change) are loaded when a login needs
// them: the login page ships in the app's entry, which must stay light (bench:web).
const DeptChoice = lazy(withChunkTimeout(() => import('../components/dept-choice.tsx').then((m) => ({ default: m.DeptChoice }))));
const ForcePasswordModal = lazy(withChunkTimeout(() => import('../components/force-password-modal.tsx').then((m) => ({ default: m.ForcePasswordModal }))));

export function LoginPage() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingLogin | null>(() => (isLoggedIn() ? getPendingLogin() : null));
  const [loginPassword, setLoginPassword] = useState('');
  // Remounts the form (fresh captcha, remembered name) after a session ends on this page.
  const [formKey, setFormKey] = useState(0);
  const passwordOpen = pending?.step === 'password';
  // Once shown, the password dialog stays mounted so that it closes with its animation.
  const [passwordShown, setPasswordShown] = useState(passwordOpen);
  if (passwordOpen && !passwordShown) setPasswordShown(true);

  useEffect(() => {
    const onEnded = () => {
      setPending(null);
      setFormKey((k) => k + 1);
    };
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, []);

  if (isLoggedIn() && !pending) return <Navigate to={homePath()} replace />;

  const enter = () => {
    setPendingLogin(null);
    navigate(homePathFor(getToken()?.accountType), { replace: true });
  };

  const next = (step: PendingLogin | null) => {
    setPendingLogin(step);
    setPending(step);
    if (!step) enter();
  };

  const submit = async (values: LoginFormValues & { randomStr: string }): Promise<boolean> => {
    try {
      const answer = await login({
        username: values.username,
        password: values.password,
        captcha: values.captcha ?? '',
        randomStr: values.randomStr,
      });
      queryClient.clear();
      saveToken(answer);
      markActivity();
      if (answer.currentDept) storage.set(StorageKey.currentDept, answer.currentDept);
      if (values.remember) storage.set(StorageKey.loginName, values.username.trim(), TTL.loginName);
      else storage.remove(StorageKey.loginName);

      if (answer.user.whetherForceModifyPassword) {
        setLoginPassword(values.password);
        next({ step: 'password' });
      } else if (answer.whetherSelectDept) {
        next({ step: 'dept', options: answer.optionalDeptList });
      } else {
        next(null);
      }
      return true;
    } catch {
      // Wrong captcha or password: the api client has shown the message (or gone to /UnFreeze).
      return false;
    }
  };

  const chooseDept = async (option: DeptOption, asDefault: boolean) => {
    await setCurrentDept(option.value);
    if (asDefault) await setDefaultDept(option.value);
    // declined: the default-unit dialog does not ask again right away
    else dismissDefaultUnitOffer();
    storage.set(StorageKey.currentDept, option);
    await queryClient.invalidateQueries();
    next(null);
  };

  const passwordChanged = () => {
    // The server ends the session after a password change.
    setLoginPassword('');
    clearSession();
    feedback.success('密码修改成功，请使用新密码重新登录');
  };

  if (pending?.step === 'dept') {
    return (
      <AuthCard title="选择登录单位">
        <Suspense
          fallback={
            <Flex justify="center">
              <Spin />
            </Flex>
          }
        >
          <DeptChoice options={pending.options} onConfirm={chooseDept} onCancel={() => void signOut()} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="账号登录" aside={<LoginSwiper />}>
      <LoginForm key={formKey} initialUsername={storage.get<string>(StorageKey.loginName) ?? ''} onSubmit={submit} />
      {passwordShown && (
        <Suspense fallback={null}>
          <ForcePasswordModal open={passwordOpen} oldPassword={loginPassword} onDone={passwordChanged} onCancel={() => void signOut()} />
        </Suspense>
      )}
    </AuthCard>
  );
}
