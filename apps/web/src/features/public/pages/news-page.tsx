import { Card, Flex, List, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { BannerCarousel } from '../../../components/banner-carousel.tsx';
import { useValidPageConfig } from '../../../lib/page-config.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';

/**
 * Promotion pages (/guoyaoNews, /takaraNews, …): the mall banners the admin has started and the
 * brand's activity items; a banner whose link points at this page leads here.
 */
export function NewsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = useRouteTitle('专题活动');
  const { data } = useValidPageConfig('indexBanner');
  const related = (data ?? []).filter((b) => b.linkUrl === pathname);
  return (
    <Flex vertical gap={16}>
      <BannerCarousel kind="bigMallBanner" height={240} />
      <Card title={title}>
        <List
          dataSource={related}
          locale={{ emptyText: `暂无${title}活动：品牌方在平台发布的专题活动将在此列出` }}
          renderItem={(b) => (
            <List.Item>
              <Typography.Link onClick={() => navigate('/bigMall')}>{b.title}</Typography.Link>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
