import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { Link, useLocation } from 'react-router';
import { RichHtml } from '../../../../components/rich-html.tsx';
import { type PageConfigVO, useValidPageConfig } from '../../../../lib/page-config.ts';
import { useRouteTitle } from '../../../../lib/use-route-title.ts';

/**
 * Promotion pages (/guoyaoNews, /takaraNews, …): the article of the mall banner (首页横幅 or 商城横幅)
 * that leads to this page, with its picture; the administrator writes both in 页面配置. Other
 * running promotions are listed below, so a visitor can move between them.
 */
export function NewsPage() {
  const { pathname } = useLocation();
  const title = useRouteTitle('专题活动');
  const home = useValidPageConfig('indexBanner');
  const mall = useValidPageConfig('bigMallBanner');
  if (home.isLoading || mall.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  const banners: PageConfigVO[] = [...(home.data ?? []), ...(mall.data ?? [])];
  const own = banners.filter((b) => b.linkUrl === pathname);
  const others = banners.filter((b) => b.linkUrl?.startsWith('/') && b.linkUrl !== pathname);
  return (
    <Flex vertical gap={16}>
      {own.length ? (
        own.map((b) => (
          <Card key={b.id} cover={b.imageUrl ? <img src={b.imageUrl} alt={b.title} style={{ maxHeight: 320, objectFit: 'cover' }} /> : undefined}>
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {b.title}
            </Typography.Title>
            {b.content ? <RichHtml html={b.content} testId="news-article" /> : <Typography.Text type="secondary">活动详情请咨询供应商。</Typography.Text>}
            <Flex gap={12} style={{ marginTop: 16 }}>
              <Link to="/bigMall">
                <Button type="primary">去商城选购</Button>
              </Link>
            </Flex>
          </Card>
        ))
      ) : (
        <Card title={title}>
          <Empty description={`${title}暂未开放：当前没有进行中的活动`} />
        </Card>
      )}
      {others.length > 0 && (
        <Card title="更多专题活动" size="small">
          <Flex wrap gap={16}>
            {others.map((b) => (
              <Link key={b.id} to={b.linkUrl as string} style={{ width: 260 }}>
                {b.imageUrl && <img src={b.imageUrl} alt="" style={{ width: 260, height: 70, objectFit: 'cover', borderRadius: 6, display: 'block' }} />}
                <Typography.Text ellipsis style={{ width: 260, display: 'block', marginTop: 6 }}>
                  {b.title}
                </Typography.Text>
              </Link>
            ))}
          </Flex>
        </Card>
      )}
    </Flex>
  );
}
