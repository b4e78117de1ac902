import { useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Tag } from 'antd';
import { useEffect } from 'react';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { useDicts } from '../../../../lib/dicts.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { userAllInfoKey, useUserAllInfo } from '../../../../lib/session-queries.ts';
import { BindCard } from '../components/bind-card.tsx';
import { ContactChangeCard, EMAIL_CHANGE, PHONE_CHANGE } from '../components/contact-change-card.tsx';
import { PasswordCard } from '../components/password-card.tsx';
import { RealNameCard } from '../components/real-name-card.tsx';
import { UserNameCard } from '../components/user-name-card.tsx';

type UserInfo = NonNullable<ReturnType<typeof useUserAllInfo>['data']>;

/**
 * 个人中心: the account's profile and the institute's invoice and pay terms (from the dictionaries:
 * a label the administrator changes shows here within seconds, without logging in again), real-name
 * information for review, phone and e-mail changes with a code sent to the new one, a user-name
 * change (mail code, then review), the password by SMS code and binding the mobile app by QR code.
 */
export function PersonalPage({ entry, home }: MenuPageProps) {
  const info = useUserAllInfo();
  const user = info.data?.user;
  const refreshUser = useTermsFollowDicts(user?.instituteId);
  const terms = info.data?.invoiceTerms;
  const unverified = user?.accountType === 1 && user.deptVOList[0]?.id === 1 && !user.verification;
  return (
    <PageFrame title={entry.name} parents={entry.parents} home={home}>
      <Flex vertical gap={16}>
        <ProfileCard user={user} unverified={!!unverified} />
        {terms && <TermsCard terms={terms} />}
        {user?.accountType === 1 && <RealNameCard unverified={!!unverified} onDone={refreshUser} />}
        <ContactChangeCard kind={PHONE_CHANGE} current={user?.phoneNum ?? null} onDone={refreshUser} />
        <ContactChangeCard kind={EMAIL_CHANGE} current={user?.email ?? null} onDone={refreshUser} />
        <UserNameCard hasEmail={!!user?.email} />
        <PasswordCard />
        <BindCard />
      </Flex>
    </PageFrame>
  );
}

/** A dictionary change also changes the session's invoice terms: read them again. Returns the session's refresh. */
function useTermsFollowDicts(instituteId: number | null | undefined) {
  const client = useQueryClient();
  const version = useDicts(instituteId).data?.version;
  useEffect(() => {
    if (version !== undefined) void client.invalidateQueries({ queryKey: userAllInfoKey });
  }, [version, client]);
  return () => void client.invalidateQueries({ queryKey: userAllInfoKey });
}

function ProfileCard({ user, unverified }: { user: UserInfo['user'] | undefined; unverified: boolean }) {
  return (
    <Card title="基本信息" size="small">
      <Descriptions column={2} size="small" data-testid="profile">
        <Descriptions.Item label="用户名">{user?.userName}</Descriptions.Item>
        <Descriptions.Item label="姓名">{user?.realName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="手机号">{user?.phoneNum ?? '未绑定'}</Descriptions.Item>
        <Descriptions.Item label="邮箱">{user?.email ?? '未绑定'}</Descriptions.Item>
        <Descriptions.Item label="所属单位">{user?.instituteName ?? user?.deptVOList.map((d) => d.deptName).join('、')}</Descriptions.Item>
        <Descriptions.Item label="实名认证">{unverified ? <Tag color="orange">未认证</Tag> : <Tag color="green">已认证</Tag>}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function TermsCard({ terms }: { terms: NonNullable<UserInfo['invoiceTerms']> }) {
  return (
    <Card title="本单位开票与付款规则" size="small">
      <Descriptions column={1} size="small" data-testid="invoice-terms">
        <Descriptions.Item label="发票类型">{terms.invoiceType}</Descriptions.Item>
        <Descriptions.Item label="开票时间">{terms.invoiceTime}</Descriptions.Item>
        <Descriptions.Item label="付款时间">{terms.payTime}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
