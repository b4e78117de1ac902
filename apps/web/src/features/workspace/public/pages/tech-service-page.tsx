import { TECH_CATEGORIES } from '@kc/contracts/buying/tech-services';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { BannerCarousel } from '../../../../components/banner-carousel.tsx';
import { getPublicServices, priceText } from '../../../buying/tech-services/index.ts';
import { publicKeys } from '../api/public-query-keys.ts';

const CATEGORIES = TECH_CATEGORIES.map((c) => ({ value: c, label: c }));
const PAGE_SIZE = 10;

/**
 * 技术服务 (public, no login): banners from page configuration and the service items suppliers
 * publish, searched by keyword and category with paging; the search lives in the address bar.
 */
export function TechServicePage() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const category = params.get('category') ?? '';
  const current = Math.max(1, Number(params.get('current')) || 1);
  const { data, isFetching } = useQuery({
    queryKey: publicKeys.techServices(keyword, category, current),
    queryFn: () => getPublicServices({ current, size: PAGE_SIZE, keyword: keyword || undefined, category: category || undefined }),
    placeholderData: keepPreviousData,
  });
  const search = (v: { keyword?: string; category?: string }) => {
    const next = new URLSearchParams();
    if (v.keyword?.trim()) next.set('keyword', v.keyword.trim());
    if (v.category) next.set('category', v.category);
    setParams(next);
  };

  return (
    <Flex vertical gap={16}>
      <BannerCarousel kind="techServiceBanner" />
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          技术服务
        </Typography.Title>
        <Form
          layout="inline"
          style={{ marginBottom: 16, rowGap: 12 }}
          name="tech-service-search"
          initialValues={{ keyword, category: category || undefined }}
          onFinish={search}
        >
          <Form.Item name="keyword" label="服务名称">
            <Input allowClear placeholder="如：测序、质谱、服务商名称" style={{ width: 220 }} maxLength={50} />
          </Form.Item>
          <Form.Item name="category" label="服务类别">
            <Select allowClear placeholder="全部" options={CATEGORIES} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          </Form.Item>
        </Form>
        <Table
          rowKey="id"
          loading={isFetching}
          dataSource={data?.records ?? []}
          data-testid="tech-service-table"
          columns={[
            {
              title: '服务名称',
              key: 'name',
              render: (_, r) => (
                <Flex vertical>
                  <span>{r.name}</span>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 460 }}>
                    {r.description}
                  </Typography.Paragraph>
                </Flex>
              ),
            },
            { title: '服务类别', key: 'category', width: 110, render: (_, r) => <Tag>{r.category}</Tag> },
            { title: '服务商', dataIndex: 'supplierName', width: 220 },
            { title: '参考价格', key: 'price', width: 130, align: 'right', render: (_, r) => priceText(r.price, r.unit) },
            { title: '周期', key: 'days', width: 90, render: (_, r) => `${r.turnaroundDays} 天` },
          ]}
          locale={{ emptyText: '没有符合条件的技术服务，请换个关键词或类别' }}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (n) => `共 ${n} 项`,
            onChange: (page) => {
              const next = new URLSearchParams(params);
              next.set('current', String(page));
              setParams(next);
            },
          }}
        />
        <Typography.Text type="secondary">登录后可在“技术服务 › 服务目录”中在线委托、填写样品信息并跟踪进度。</Typography.Text>
      </Card>
    </Flex>
  );
}
