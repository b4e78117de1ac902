import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Pagination, Rate, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { shanghaiTime } from '../../../../lib/format.ts';
import { getItemReviews } from '../api/item-reviews-api.ts';
import { mallKeys } from '../api/mall-query-keys.ts';

const SIZE = 10;

/** 商品评价 on the item page: the averages and the visible comments, paged (hidden ones never come). */
export function ItemReviewsSection({ itemId }: { itemId: number }) {
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: mallKeys.itemReviews(itemId, page), queryFn: () => getItemReviews(itemId, page, SIZE) });
  const d = q.data;
  return (
    <Card title={`商品评价${d ? `（${d.count}）` : ''}`} loading={q.isLoading} data-testid="item-reviews">
      {!d || d.count === 0 ? (
        <Empty description="暂无评价" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space size="large">
            <Statistic title="商品质量" value={d.quality ?? 0} precision={1} suffix="/ 5" />
            <Statistic title="到货时效" value={d.delivery ?? 0} precision={1} suffix="/ 5" />
            <Statistic title="服务态度" value={d.service ?? 0} precision={1} suffix="/ 5" />
          </Space>
          <List
            dataSource={d.page.records}
            renderItem={(c) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <span>{c.buyerName}</span>
                      <Rate disabled value={Math.round((c.quality + c.delivery + c.service) / 3)} style={{ fontSize: 12 }} />
                      <Typography.Text type="secondary">
                        {c.spec} · {shanghaiTime(c.createdAt)}
                      </Typography.Text>
                    </Space>
                  }
                  description={
                    <Space direction="vertical" size={0}>
                      <Typography.Text>{c.content}</Typography.Text>
                      {c.reply && <Typography.Text type="secondary">供应商回复：{c.reply}</Typography.Text>}
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
          {d.page.total > SIZE && <Pagination align="end" current={page} pageSize={SIZE} total={d.page.total} onChange={setPage} showSizeChanger={false} />}
        </Space>
      )}
    </Card>
  );
}
