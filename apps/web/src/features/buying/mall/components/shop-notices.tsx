import { NotificationOutlined } from '@ant-design/icons';
import { Card, Collapse } from 'antd';
import { RichHtml } from '../../../../components/rich-html.tsx';
import type { ShopDetail } from '../api/catalog-api.ts';

/** 店铺公告 on the shop page: approved and in their window (the server decides), HTML sanitised again here. */
export function ShopNotices({ notices }: { notices: ShopDetail['notices'] }) {
  if (notices.length === 0) return null;
  return (
    <Card
      size="small"
      title={
        <>
          <NotificationOutlined /> 店铺公告
        </>
      }
      data-testid="shop-notices"
    >
      <Collapse
        ghost
        size="small"
        defaultActiveKey={[String(notices[0].id)]}
        items={notices.map((n) => ({ key: String(n.id), label: n.title, children: <RichHtml html={n.content} /> }))}
      />
    </Card>
  );
}
