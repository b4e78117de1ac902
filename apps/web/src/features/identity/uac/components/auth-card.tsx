import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { APP_NAME } from '../../../../lib/route-meta.ts';

/**
 * The card with its title, drawn with the theme's tokens as antd's Card draws it. The login page
 * ships in the app's entry (bench:web): antd's Card brings Tabs, Dropdown, Menu and Skeleton
 * with it, and Typography its editing and copying, none of which these screens use.
 */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  const radius = token.borderRadiusLG;
  return (
    <section
      style={{
        boxSizing: 'border-box',
        position: 'relative',
        width: '100%',
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        background: token.colorBgContainer,
        border,
        borderRadius: radius,
        boxShadow: '0 8px 24px rgba(121, 106, 238, 0.12)',
      }}
    >
      <div
        style={{
          boxSizing: 'border-box',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          minHeight: token.fontSizeLG * token.lineHeightLG + token.padding * 2,
          marginBottom: -1,
          padding: `0 ${token.paddingLG}px`,
          color: token.colorTextHeading,
          fontWeight: token.fontWeightStrong,
          fontSize: token.fontSizeLG,
          borderBottom: border,
          borderRadius: `${radius}px ${radius}px 0 0`,
        }}
      >
        <div style={{ overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' }}>{title}</div>
      </div>
      <div style={{ boxSizing: 'border-box', padding: token.paddingLG }}>{children}</div>
    </section>
  );
}

/** The centred card on a tinted background shared by the login and unfreeze screens. */
export function AuthCard({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      justify="center"
      wrap
      style={{ minHeight: '100vh', padding: 16, background: 'linear-gradient(135deg, #f0eefe 0%, #e6e9f7 50%, #f7f7fb 100%)' }}
    >
      {aside && (
        <div style={{ width: 560, maxWidth: '100%', marginRight: 48 }} className="auth-aside">
          {aside}
        </div>
      )}
      <Flex vertical align="center" gap={24} style={{ width: 420, maxWidth: '100%' }}>
        <Flex vertical align="center" gap={4}>
          <h2
            style={{
              margin: 0,
              color: '#796AEE',
              fontWeight: token.fontWeightStrong,
              fontSize: token.fontSizeHeading2,
              lineHeight: token.lineHeightHeading2,
              wordBreak: 'break-word',
            }}
          >
            {APP_NAME}
          </h2>
          <span style={{ color: token.colorTextDescription, lineHeight: token.lineHeight, wordBreak: 'break-word' }}>科研院所试剂耗材一站式采购</span>
        </Flex>
        <Panel title={title}>{children}</Panel>
      </Flex>
    </Flex>
  );
}
