import { ShopOutlined, ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { MAX_LINE_QUANTITY } from '@kc/contracts/buying/mall';
import { Alert, Breadcrumb, Button, Card, Col, Descriptions, Flex, InputNumber, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../../lib/error-catalogue.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { HazardTags, hazardLabel } from '../../../supply/catalog/index.ts';
import type { ItemDetail } from '../api/catalog-api.ts';
import { useAddToCart } from '../api/use-cart-queries.ts';
import { useItemDetail } from '../api/use-catalog-queries.ts';
import { ExternalDataCard } from '../components/external-data-card.tsx';
import { FavoriteButton } from '../components/favorite-button.tsx';
import { ItemImage } from '../components/item-card.tsx';
import { ItemReviewsSection } from '../components/item-reviews-section.tsx';
import { formatYuan, PriceText } from '../components/price-text.tsx';
import { SameProductTable } from '../components/same-product-table.tsx';
import { confirmDirectPath, idParam, NO_ITEM_PATH, shopPath } from '../mall-paths.ts';

function BuyBox({ item }: { item: ItemDetail }) {
  const navigate = useNavigate();
  const add = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const max = Math.max(1, Math.min(item.stock, MAX_LINE_QUANTITY));
  const soldOut = item.stock <= 0;
  const qty = Math.min(quantity, max);
  return (
    <Flex vertical gap={12}>
      <Space>
        <Typography.Text type="secondary">数量</Typography.Text>
        <InputNumber aria-label="购买数量" min={1} max={max} precision={0} value={quantity} onChange={(v) => setQuantity(v ?? 1)} disabled={soldOut} />
        <Typography.Text type="secondary">
          {item.unit}（库存 {item.stock}）
        </Typography.Text>
      </Space>
      <Space>
        <Button
          type="primary"
          size="large"
          icon={<ShoppingCartOutlined />}
          disabled={soldOut}
          data-testid="buy-add"
          loading={add.isPending}
          onClick={() => add.mutate({ itemId: item.id, quantity: qty })}
        >
          加入购物车
        </Button>
        <Button
          size="large"
          danger
          data-testid="buy-now"
          icon={<ThunderboltOutlined />}
          disabled={soldOut}
          onClick={() => (soldOut ? feedback.warning('商品缺货') : navigate(confirmDirectPath(item.id, qty)))}
        >
          立即购买
        </Button>
        <FavoriteButton itemId={item.id} />
      </Space>
    </Flex>
  );
}

/** /item_detail.lf?id=: price, specs, stock, supplier, hazard marks, comparison with other suppliers, cart, buy now and 收藏. */
export function ItemDetailPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const navigate = useNavigate();
  const { data: item, error, isLoading } = useItemDetail(id);

  const removed = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (removed) navigate(NO_ITEM_PATH, { replace: true });
  }, [removed, navigate]);

  if (!id) return <Navigate to={NO_ITEM_PATH} replace />;
  if (isLoading || !item) {
    return <Card>{error && !removed ? <Alert type="error" showIcon title="商品信息加载失败，请稍后重试" /> : <Skeleton active />}</Card>;
  }

  const hazards = item.hazards.map(hazardLabel);
  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to="/bigMall">商城</Link> },
          ...(item.category?.path ?? []).map((c) => ({ title: <Link to={`/search?categoryId=${c.id}`}>{c.name}</Link> })),
          { title: item.name },
        ]}
      />
      <Card>
        <Row gutter={32}>
          <Col span={8}>
            <Flex justify="center">
              <ItemImage src={item.images[0]} size={300} />
            </Flex>
          </Col>
          <Col span={16}>
            <Flex vertical gap={12}>
              <div>
                <Typography.Title level={3} style={{ margin: 0 }} data-testid="item-name">
                  {item.name}
                </Typography.Title>
                {item.nameEn && <Typography.Text type="secondary">{item.nameEn}</Typography.Text>}
              </div>
              {hazards.length > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  title={
                    <Space size={4} wrap>
                      <span>管制商品：</span>
                      <HazardTags hazards={hazards} />
                    </Space>
                  }
                  description="本商品属于危险化学品或管制类商品，采购、运输、储存和使用须遵守国家相关规定；下单时须阅读并确认合规告知。"
                />
              )}
              <Flex align="baseline" gap={8} style={{ background: '#fff7f7', padding: '12px 16px', borderRadius: 6 }}>
                <Typography.Text type="secondary">价格</Typography.Text>
                <PriceText fen={item.price} size={28} />
                {item.priceNote && (
                  <Tag color="green" data-testid="item-price-note">
                    {item.priceNote} · 原价 {formatYuan(item.listPrice)}
                  </Tag>
                )}
                <Typography.Text type="secondary">/ {item.unit}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
                  销量 {item.sales}
                </Typography.Text>
              </Flex>
              <Descriptions
                size="small"
                column={2}
                bordered
                items={[
                  { key: 'cas', label: 'CAS 号', children: item.cas ?? '—' },
                  { key: 'brand', label: '品牌', children: item.brand?.name ?? '—' },
                  { key: 'catalogNo', label: '货号', children: item.catalogNo ?? '—' },
                  { key: 'spec', label: '规格', children: item.spec },
                  { key: 'grade', label: '等级', children: item.grade ?? '—' },
                  { key: 'unit', label: '单位', children: item.unit },
                  { key: 'stock', label: '库存', children: <span data-testid="item-stock">{item.stock > 0 ? item.stock : <Tag>缺货</Tag>}</span> },
                  {
                    key: 'areas',
                    label: '供货区域',
                    children: <span data-testid="item-areas">{item.supplyAreas.length ? item.supplyAreas.join('、') : '全国'}</span>,
                  },
                  {
                    key: 'supplier',
                    label: '供应商',
                    span: 2,
                    children: (
                      <Space>
                        <span data-testid="item-supplier">{item.supplier.name}</span>
                        <Link to={shopPath(item.supplier.id)}>
                          <ShopOutlined /> 进入店铺（{item.shop.name}）
                        </Link>
                      </Space>
                    ),
                  },
                ]}
              />
              <BuyBox item={item} />
            </Flex>
          </Col>
        </Row>
      </Card>
      <ExternalDataCard lookupId={item.cas ?? item.catalogNo ?? null} />
      <SameProductTable itemId={item.id} />
      <ItemReviewsSection itemId={item.id} />
    </Flex>
  );
}
