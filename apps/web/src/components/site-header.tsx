import { LoginOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Layout, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { APP_NAME } from '../lib/route-meta.ts';
import { getPendingLogin, isLoggedIn, LOGIN_PATH } from '../lib/session.ts';
import { useUserAllInfo } from '../lib/session-queries.ts';
import { signOut } from '../lib/sign-out.ts';

export const BRAND_COLOUR = '#796AEE';

interface Props {
  /** where the site name leads */
  home: string;
  /** the console's header spans the window (its menus are long); the mall and the public site use 1200 px */
  fluid?: boolean;
  /** navigation, search and the account corner, laid out left to right after the name */
  children: ReactNode;
}

/**
 * The one header of the console, the mall and the public site: the same height, shadow, name and
 * account corner, so moving between them never feels like another product.
 */
export function SiteHeader({ home, fluid, children }: Props) {
  return (
    <Layout.Header style={{ background: '#fff', boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)', padding: 0, height: 64, lineHeight: 'normal' }}>
      <Flex
        align="center"
        gap={24}
        style={{ width: fluid ? '100%' : 1200, maxWidth: '100%', margin: '0 auto', padding: fluid ? '0 24px' : '0 16px', height: '100%' }}
      >
        <Link to={home} style={{ flex: 'none' }}>
          <Typography.Title level={4} style={{ margin: 0, color: BRAND_COLOUR, whiteSpace: 'nowrap' }}>
            {APP_NAME}
          </Typography.Title>
        </Link>
        {children}
      </Flex>
    </Layout.Header>
  );
}

/** A text button of the header's right side (商城, 控制台, 帮助中心): the same look in all three headers. */
export function HeaderLink({
  icon,
  to,
  onClick,
  testId,
  children,
}: {
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Button type="text" icon={icon} onClick={onClick ?? (() => to && navigate(to))} data-testid={testId}>
      {children}
    </Button>
  );
}

/**
 * The header's right corner: the given links, then who is logged in and 退出登录; for a visitor,
 * 登录 and 供应商注册.
 */
export function HeaderAccount({ links }: { links?: ReactNode }) {
  const navigate = useNavigate();
  const loggedIn = isLoggedIn() && !getPendingLogin();
  const { data: info } = useUserAllInfo();
  if (!loggedIn) {
    return (
      <Space style={{ flex: 'none' }}>
        <Button type="primary" icon={<LoginOutlined />} onClick={() => navigate(LOGIN_PATH)}>
          登录
        </Button>
        <Button onClick={() => navigate('/cassSupplierRegister')}>供应商注册</Button>
      </Space>
    );
  }
  const user = info?.user;
  return (
    <Space size="middle" style={{ flex: 'none' }}>
      {links}
      {user && (
        <Space size="small" data-testid="header-user">
          <Avatar size="small" icon={<UserOutlined />} style={{ background: BRAND_COLOUR }} />
          <span style={{ whiteSpace: 'nowrap' }}>{user.realName || user.nick || user.userName}</span>
        </Space>
      )}
      <Button icon={<LogoutOutlined />} onClick={() => void signOut()}>
        退出登录
      </Button>
    </Space>
  );
}
