import { ShopOutlined } from '@ant-design/icons';
import { Alert, Avatar, Card, Carousel, Empty, Flex, Pagination, Skeleton, Spin, Tabs, Typography } from 'antd';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../../lib/error-catalogue.ts';
import type { ShopDetail } from '../api/catalog-api.ts';
import { useShopDetail, useShopItems } from '../api/use-catalog-queries.ts';
import { ItemGrid } from '../components/item-card.tsx';
import { ShopNotices } from '../components/shop-notices.tsx';
import { idParam, NO_SHOP_PATH } from '../mall-paths.ts';

const PAGE_SIZE = 20;
const GRADIENTS = ['linear-gradient(120deg, #796AEE, #36cfc9)', 'linear-gradient(120deg, #fa541c, #faad14)', 'linear-gradient(120deg, #2f54eb, #796AEE)'];

function ShopBanner({ shop }: { shop: ShopDetail }) {
  const banners = shop.banners.length ? shop.banners : [{ id: 0, title: shop.name, imageFileId: null, imageUrl: null, linkUrl: null, sort: 0 }];
  return (
    <Carousel autoplay autoplaySpeed={5000} style={{ borderRadius: 8, overflow: 'hidden' }}>
      {banners.map((b, i) => (
        <div key={b.id} data-testid="shop-banner">
          <a href={b.linkUrl ?? undefined} aria-label={b.title}>
            <Flex
              align="center"
              justify="center"
              style={{ height: 160, background: b.imageUrl ? `center / cover no-repeat url("${b.imageUrl}")` : GRADIENTS[i % GRADIENTS.length] }}
            >
              <Typography.Title level={3} style={{ color: '#fff', margin: 0, textShadow: '0 1px 4px rgba(0,0,0,.4)' }}>
                {b.title}
              </Typography.Title>
            </Flex>
          </a>
        </div>
      ))}
    </Carousel>
  );
}

/** /platform/shop.lf?supplierId=: the supplier's shop with its banners, sections (tabs) and items. */
export function ShopPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const supplierId = idParam(params.get('supplierId'));
  const sectionId = idParam(params.get('sectionId')) || undefined;
  const current = idParam(params.get('current')) || 1;
  const shop = useShopDetail(supplierId);
  const items = useShopItems(shop.data ? supplierId : 0, sectionId, current, PAGE_SIZE);

  const closed = shop.error instanceof ApiError && shop.error.status === 404;
  useEffect(() => {
    if (closed) navigate(NO_SHOP_PATH, { replace: true });
  }, [closed, navigate]);

  if (!supplierId) return <Navigate to={NO_SHOP_PATH} replace />;
  if (!shop.data) {
    return <Card>{shop.error && !closed ? <Alert type="error" showIcon title="店铺信息加载失败，请稍后重试" /> : <Skeleton active />}</Card>;
  }
  const s = shop.data;
  const go = (next: { sectionId?: number; current?: number }) => {
    const p = new URLSearchParams({ supplierId: String(supplierId) });
    if (next.sectionId) p.set('sectionId', String(next.sectionId));
    if (next.current && next.current > 1) p.set('current', String(next.current));
    setParams(p);
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={16} align="center">
          {s.logoUrl ? <Avatar shape="square" size={56} src={s.logoUrl} /> : <ShopOutlined style={{ fontSize: 40, color: '#796AEE' }} />}
          <div>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="shop-name">
              {s.name}
            </Typography.Title>
            <Typography.Text type="secondary">{s.supplierName}</Typography.Text>
            {s.intro && <Typography.Paragraph style={{ margin: '4px 0 0' }}>{s.intro}</Typography.Paragraph>}
          </div>
        </Flex>
      </Card>
      <ShopBanner shop={s} />
      <ShopNotices notices={s.notices} />
      <Card size="small">
        <Tabs
          activeKey={String(sectionId ?? 0)}
          onChange={(key) => go({ sectionId: Number(key) || undefined })}
          items={[{ key: '0', label: '全部商品' }, ...s.sections.map((sec) => ({ key: String(sec.id), label: sec.name }))]}
        />
        <Spin spinning={items.isFetching}>
          {items.data && items.data.records.length === 0 ? <Empty description="该栏目暂无商品" /> : <ItemGrid items={items.data?.records ?? []} />}
        </Spin>
        {items.data && items.data.total > PAGE_SIZE && (
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Pagination
              current={current}
              pageSize={PAGE_SIZE}
              total={items.data.total}
              showSizeChanger={false}
              showTotal={(t) => `共 ${t} 件`}
              onChange={(page) => go({ sectionId, current: page })}
            />
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
