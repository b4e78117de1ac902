import { CloseOutlined, ExportOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Tooltip, Typography, theme } from 'antd';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { HelpArticle, HelpMenu, MyManuals, useHelpMenu, useHelpTree } from '../features/site/content/index.ts';
import { clampHelpPosition, clampHelpSize, clampMenuWidth, defaultHelpRect, HELP_WINDOW, type Rect } from './help-window-size.ts';
import { helpWindow } from './help-window-store.ts';

const HEADER_HEIGHT = 40;

function viewport() {
  return { width: window.innerWidth, height: window.innerHeight };
}

type Gesture = { kind: 'move' | 'resize' | 'menu'; startX: number; startY: number; rect: Rect; menuWidth: number };

/**
 * The floating help centre (docs/domains/site.md#help-window): dragged by its header, resized from its corner, its
 * menu widened by the divider; 0.85 opaque while dragging.
 */
export function HelpWindow() {
  const { token } = theme.useToken();
  const { data: tree, isLoading } = useHelpTree();
  const { state, click, contentRef, active } = useHelpMenu(tree);
  const [rect, setRect] = useState<Rect>(() => defaultHelpRect(viewport()));
  const [menuWidth, setMenuWidth] = useState<number>(HELP_WINDOW.menuWidth);
  const [dragging, setDragging] = useState(false);
  const gesture = useRef<Gesture | null>(null);

  useEffect(() => {
    const onResize = () => setRect((r) => ({ ...r, ...clampHelpSize(r, r, viewport()), ...clampHelpPosition(r, viewport()) }));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const begin = (kind: Gesture['kind']) => (e: ReactPointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    if (kind === 'move' && (e.target as HTMLElement).closest('button, a')) return;
    e.preventDefault();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    gesture.current = { kind, startX: e.clientX, startY: e.clientY, rect, menuWidth };
    if (kind === 'move') setDragging(true);
  };

  const move = (e: ReactPointerEvent<HTMLElement>) => {
    const g = gesture.current;
    if (!g) return;
    const dx = e.clientX - g.startX;
    const dy = e.clientY - g.startY;
    if (g.kind === 'move') {
      setRect({ ...g.rect, ...clampHelpPosition({ ...g.rect, left: g.rect.left + dx, top: g.rect.top + dy }, viewport()) });
    } else if (g.kind === 'resize') {
      const size = clampHelpSize({ width: g.rect.width + dx, height: g.rect.height + dy }, g.rect, viewport());
      setRect({ ...g.rect, ...size });
      setMenuWidth((w) => clampMenuWidth(w, size.width));
    } else {
      setMenuWidth(clampMenuWidth(g.menuWidth + dx, rect.width));
    }
  };

  const end = () => {
    gesture.current = null;
    setDragging(false);
  };

  return (
    <section
      role="dialog"
      aria-label="帮助中心"
      data-testid="help-window"
      style={{
        position: 'fixed',
        left: rect.left,
        top: rect.top,
        width: rect.width,
        height: rect.height,
        zIndex: 1500,
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        border: `1px solid ${token.colorBorderSecondary}`,
        opacity: dragging ? HELP_WINDOW.draggingOpacity : 1,
        overflow: 'hidden',
      }}
    >
      <Flex
        data-testid="help-window-header"
        align="center"
        justify="space-between"
        onPointerDown={begin('move')}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        style={{
          height: HEADER_HEIGHT,
          flex: 'none',
          padding: '0 8px 0 12px',
          cursor: 'move',
          userSelect: 'none',
          background: token.colorPrimary,
          color: '#fff',
        }}
      >
        <span>
          <QuestionCircleOutlined /> 帮助中心
        </span>
        <Flex gap={4}>
          <Tooltip title="在新窗口中打开完整帮助中心">
            <Button
              type="text"
              size="small"
              icon={<ExportOutlined />}
              href="/helpCenter"
              target="_blank"
              rel="noopener"
              style={{ color: '#fff' }}
              aria-label="在新窗口打开帮助中心"
            />
          </Tooltip>
          <Button type="text" size="small" icon={<CloseOutlined />} onClick={helpWindow.close} style={{ color: '#fff' }} aria-label="关闭帮助中心" />
        </Flex>
      </Flex>
      <Flex style={{ flex: 1, minHeight: 0 }}>
        <nav data-testid="help-menu" style={{ width: menuWidth, flex: 'none', overflow: 'auto', borderRight: `1px solid ${token.colorBorderSecondary}` }}>
          <MyManuals compact />
          {isLoading ? <Spin style={{ margin: 16 }} /> : <HelpMenu items={tree ?? []} state={state} onClick={click} />}
        </nav>
        {/* biome-ignore lint/a11y/useSemanticElements: a draggable splitter, not a thematic break */}
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label="调整菜单宽度"
          data-testid="help-menu-divider"
          onPointerDown={begin('menu')}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          style={{ width: 5, flex: 'none', cursor: 'col-resize', marginLeft: -3, zIndex: 1 }}
        />
        <div ref={contentRef} style={{ flex: 1, minWidth: HELP_WINDOW.minContentWidth, overflow: 'auto', padding: '12px 16px' }}>
          {tree && !tree.length ? <Typography.Text type="secondary">暂无帮助内容，平台管理员可在“帮助中心管理”中添加。</Typography.Text> : null}
          {tree?.length ? <HelpArticle item={active} onOpen={click} /> : null}
        </div>
      </Flex>
      {/* biome-ignore lint/a11y/useSemanticElements: a resize grip, not a thematic break */}
      <div
        role="separator"
        aria-label="调整窗口大小"
        data-testid="help-window-resize"
        onPointerDown={begin('resize')}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        style={{
          position: 'absolute',
          right: 0,
          bottom: 0,
          width: 16,
          height: 16,
          cursor: 'nwse-resize',
          background: `linear-gradient(135deg, transparent 50%, ${token.colorBorder} 50%)`,
        }}
      />
    </section>
  );
}
