import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { HelpItem, HelpMenuState } from '../help-menu-state.ts';

interface Props {
  items: HelpItem[];
  state: HelpMenuState;
  onClick: (item: HelpItem) => void;
  level?: number;
}

/** The collapsible three-level menu of the help centre (window and full page). */
export function HelpMenu({ items, state, onClick, level = 0 }: Props) {
  const { token } = theme.useToken();
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => {
        const active = state.activeId === item.id;
        const open = state.open.includes(item.id);
        const hasChildren = item.child.length > 0;
        return (
          <li key={item.id}>
            <button
              type="button"
              aria-current={active ? 'true' : undefined}
              aria-expanded={hasChildren ? open : undefined}
              data-testid={`help-item-${item.id}`}
              className={active ? 'help-menu-item active' : 'help-menu-item'}
              onClick={() => onClick(item)}
              title={item.meun}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 4,
                width: '100%',
                padding: `6px 8px 6px ${8 + level * 14}px`,
                border: 0,
                cursor: 'pointer',
                textAlign: 'left',
                fontSize: level === 0 ? 14 : 13,
                fontWeight: level === 0 ? 500 : 400,
                color: active ? token.colorPrimary : token.colorText,
                background: active ? token.colorPrimaryBg : 'transparent',
                borderRight: active ? `2px solid ${token.colorPrimary}` : '2px solid transparent',
              }}
            >
              <span aria-hidden style={{ width: 12, fontSize: 10, color: token.colorTextSecondary, flex: 'none' }}>
                {hasChildren ? open ? <DownOutlined /> : <RightOutlined /> : null}
              </span>
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{item.meun}</span>
            </button>
            {hasChildren && open && <HelpMenu items={item.child} state={state} onClick={onClick} level={level + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
