import { Alert, Card, Col, Empty, Flex, Pagination, Radio, Row, Space, Spin, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { HazardTags } from '../../../supply/catalog/index.ts';
import type { SearchItem, SearchSort } from '../api/catalog-api.ts';
import { useSearch } from '../api/use-catalog-queries.ts';
import { AddToCart } from '../components/add-to-cart.tsx';
import { HighlightText } from '../components/highlight-text.tsx';
import { ItemImage } from '../components/item-card.tsx';
import { BuyerPriceText } from '../components/price-text.tsx';
import { SearchFilters } from '../components/search-filters.tsx';
import { itemPath, shopPath } from '../mall-paths.ts';
import { PAGE_SIZES, readSearchState, type SearchState, toSearchParams, writeSearchState } from '../search-state.ts';

const SORT_OPTIONS: { value: SearchSort; label: string }[] = [
  { value: 'relevance', label: '综合' },
  { value: 'price_asc', label: '价格从低到高' },
  { value: 'price_desc', label: '价格从高到低' },
  { value: 'sales', label: '销量' },
];

function ResultRow({ item }: { item: SearchItem }) {
  return (
    <Flex gap={16} align="center" style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }} data-testid="search-result">
      <ItemImage src={item.image} size={88} />
      <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Link to={itemPath(item.id)} data-testid="search-result-name" style={{ fontSize: 15, fontWeight: 600, color: '#262626' }}>
          <HighlightText html={item.highlight} />
        </Link>
        {item.nameEn && (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {item.nameEn}
          </Typography.Text>
        )}
        <Space size={[12, 2]} wrap style={{ fontSize: 12, color: '#595959' }}>
          {item.cas && <span>CAS：{item.cas}</span>}
          {item.brand && <span>品牌：{item.brand}</span>}
          {item.catalogNo && <span>货号：{item.catalogNo}</span>}
          <span>规格：{item.spec}</span>
          {item.grade && <span>等级：{item.grade}</span>}
        </Space>
        <Space size={8} wrap>
          <Link to={shopPath(item.supplierId)} style={{ fontSize: 12 }}>
            {item.supplierName}
          </Link>
          <HazardTags hazards={item.hazards} />
        </Space>
      </Flex>
      <Flex vertical align="flex-end" gap={6} style={{ flex: 'none', width: 220 }}>
        <span>
          <BuyerPriceText item={item} size={18} />
          <Typography.Text type="secondary"> / {item.unit}</Typography.Text>
        </span>
        {item.stock > 0 ? <Typography.Text type="secondary">库存 {item.stock}</Typography.Text> : <Tag>缺货</Tag>}
        <AddToCart itemId={item.id} stock={item.stock} size="small" />
      </Flex>
    </Flex>
  );
}

/** /search?q=: full-text results with highlight, filters with facet counts, sort and pagination. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = readSearchState(params);
  const search = useSearch(toSearchParams(state));
  const result = search.data;

  // any filter change starts again at page 1
  const change = (patch: Partial<SearchState>) => setParams(writeSearchState({ ...state, current: 1, ...patch }));

  return (
    <Row gutter={16}>
      <Col span={6}>
        <SearchFilters state={state} facets={result?.facets} onChange={change} />
      </Col>
      <Col span={18}>
        <Card size="small">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text>
              {state.q ? (
                <>
                  “<Typography.Text strong>{state.q}</Typography.Text>”
                </>
              ) : (
                '全部商品'
              )}{' '}
              共{' '}
              <Typography.Text strong data-testid="search-total">
                {result?.total ?? 0}
              </Typography.Text>{' '}
              件商品
            </Typography.Text>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              size="small"
              value={state.sort}
              options={SORT_OPTIONS}
              onChange={(e) => change({ sort: e.target.value as SearchSort })}
            />
          </Flex>
          {result?.matchedBy === 'cas' && <Alert type="info" showIcon title="按 CAS 号精确匹配" style={{ marginTop: 8 }} />}
          {result?.matchedBy === 'catalogNo' && <Alert type="info" showIcon title="按货号精确匹配" style={{ marginTop: 8 }} />}
          <Spin spinning={search.isFetching}>
            {result && result.records.length === 0 ? (
              <Empty description="没有找到相关商品，换个关键词试试" style={{ padding: 48 }} />
            ) : (
              <div>
                {(result?.records ?? []).map((item) => (
                  <ResultRow key={item.id} item={item} />
                ))}
              </div>
            )}
          </Spin>
          {result && result.total > 0 && (
            <Flex justify="flex-end" style={{ marginTop: 16 }}>
              <Pagination
                current={state.current}
                pageSize={state.size}
                total={result.total}
                pageSizeOptions={PAGE_SIZES}
                showSizeChanger
                showQuickJumper
                showTotal={(total) => `共 ${total} 条`}
                onChange={(current, size) => setParams(writeSearchState({ ...state, current: size !== state.size ? 1 : current, size }))}
              />
            </Flex>
          )}
        </Card>
      </Col>
    </Row>
  );
}
