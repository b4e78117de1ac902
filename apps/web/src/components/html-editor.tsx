import { Input, Tabs } from 'antd';
import { RichHtml } from './rich-html.tsx';

/** A plain HTML text area with a preview tab (sanitised like the published page). */
export function HtmlEditor({
  value,
  onChange,
  rows = 12,
  placeholder,
}: {
  value?: string;
  onChange?: (v: string) => void;
  rows?: number;
  placeholder?: string;
}) {
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'edit',
          label: '编辑 HTML',
          children: (
            <Input.TextArea
              value={value}
              onChange={(e) => onChange?.(e.target.value)}
              rows={rows}
              placeholder={placeholder ?? '支持 HTML，如 <p>段落</p>、<strong>加粗</strong>、<img src="…">'}
              style={{ fontFamily: 'monospace' }}
            />
          ),
        },
        {
          key: 'preview',
          label: '预览',
          children: (
            <div style={{ minHeight: rows * 22, border: '1px solid #f0f0f0', borderRadius: 6, padding: 12, overflow: 'auto' }}>
              <RichHtml html={value} />
            </div>
          ),
        },
      ]}
    />
  );
}
