import { Card, Col, Empty, Flex, Row, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { BannerCarousel } from '../../../../components/banner-carousel.tsx';
import { isLoggedIn, LOGIN_PATH } from '../../../../lib/session.ts';
import type { BannerKind } from '../api/content-api.ts';
import { useBrands, useHomeRecommend } from '../api/use-catalog-queries.ts';
import { BrandZones } from '../components/brand-zones.tsx';
import { CategoryNav } from '../components/category-nav.tsx';
import { ItemGrid } from '../components/item-card.tsx';
import { NoticeBoard } from '../components/notice-board.tsx';

function AllBrands() {
  const { data = [], isLoading } = useBrands();
  return (
    <Card title="全部品牌" size="small" loading={isLoading}>
      <Flex wrap gap={8}>
        {data.map((b) => (
          <Link key={b.id} to={isLoggedIn() ? `/search?brandId=${b.id}` : LOGIN_PATH}>
            <Tag color={b.recommended ? 'purple' : undefined} style={{ padding: '4px 10px', fontSize: 13 }}>
              {b.name}
              {b.nameEn && b.nameEn !== b.name ? ` ${b.nameEn}` : ''}
            </Tag>
          </Link>
        ))}
      </Flex>
    </Card>
  );
}

/** / (index) and /bigMall: banners, categories, notices, recommended items and brand zones, open to everyone. */
export function MallHomePage({ kind }: { kind: BannerKind }) {
  const recommend = useHomeRecommend();
  const big = kind === 'bigMallBanner';
  return (
    <Flex vertical gap={16}>
      <Row gutter={16} align="stretch">
        <Col span={5}>
          <CategoryNav />
        </Col>
        <Col span={13}>
          <BannerCarousel kind={kind} fallbackTitle={big ? '科研试剂耗材 一站式采购' : '欢迎使用科研采购平台'} />
        </Col>
        <Col span={6}>
          <NoticeBoard />
        </Col>
      </Row>
      <Card title="推荐商品" size="small">
        {recommend.isLoading ? (
          <Skeleton active />
        ) : recommend.data?.items.length ? (
          <ItemGrid items={recommend.data.items} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无推荐商品" />
        )}
      </Card>
      {recommend.data && <BrandZones zones={recommend.data.brandZones} />}
      {big && <AllBrands />}
    </Flex>
  );
}
