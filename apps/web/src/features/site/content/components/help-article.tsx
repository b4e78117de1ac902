import { Empty, Typography } from 'antd';
import { useMemo } from 'react';
import { sanitizeRichHtml } from '../../../../lib/sanitize-html.ts';
import type { HelpItem } from '../help-menu-state.ts';

/** The active item's content, sanitised with the help-centre whitelist (style attributes allowed). */
export function HelpArticle({ item, onOpen }: { item: HelpItem | null; onOpen: (item: HelpItem) => void }) {
  const html = useMemo(() => sanitizeRichHtml(item?.content), [item?.content]);
  if (!item) return <Empty description="暂无帮助内容" />;
  return (
    <article data-testid="help-content">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {item.meun}
      </Typography.Title>
      {html ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the help whitelist above
        <div className="help-html" dangerouslySetInnerHTML={{ __html: html }} />
      ) : item.child.length ? (
        <ul>
          {item.child.map((c) => (
            <li key={c.id}>
              <Typography.Link onClick={() => onOpen(c)}>{c.meun}</Typography.Link>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">本条目暂无内容。</Typography.Text>
      )}
    </article>
  );
}
