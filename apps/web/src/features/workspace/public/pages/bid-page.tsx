import type { PublicBidVO } from '@kc/contracts/buying/bids';
import type { Page } from '@kc/contracts/platform/common';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { z } from 'zod';
import { BannerCarousel } from '../../../../components/banner-carousel.tsx';
import { api } from '../../../../lib/api-client.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { publicKeys } from '../api/public-query-keys.ts';

type Row = z.infer<typeof PublicBidVO>;
const STATE_COLOR: Record<Row['state'], string> = { bidding: 'processing', opened: 'gold', failed: 'warning', awarded: 'success', closed: 'default' };

/**
 * 招标采购 (public): banners from page configuration and the institutes' published calls for bids,
 * from GET /mall/v1/bid/public/list (no login) — title, institute, dates and state; never an amount
 * or a count of bids. Suppliers take part after logging in (投标).
 */
export function BidPage() {
  const [q, setQ] = useState<{ current: number; size: number; title?: string }>({ current: 1, size: 10 });
  const list = useQuery({ queryKey: publicKeys.bids(q), queryFn: () => api.get<Page<Row>>('/mall/v1/bid/public/list', q) });
  return (
    <Flex vertical gap={16}>
      <BannerCarousel kind="bidBanner" />
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          招标采购
        </Typography.Title>
        <Form
          layout="inline"
          style={{ marginBottom: 16, rowGap: 12 }}
          name="bid-search"
          onFinish={(v: { title?: string }) => setQ({ current: 1, size: q.size, title: v.title?.trim() || undefined })}
        >
          <Form.Item name="title" label="项目名称">
            <Input allowClear placeholder="请输入项目名称" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          </Form.Item>
        </Form>
        <Table<Row>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          data-testid="public-bids"
          columns={[
            { title: '项目名称', dataIndex: 'title' },
            { title: '项目编号', dataIndex: 'projectNo', width: 170 },
            { title: '招标单位', dataIndex: 'instituteName', width: 220 },
            { title: '发布时间', key: 'published', width: 160, render: (_, r) => shanghaiTime(r.publishedAt) },
            { title: '截止时间', key: 'deadline', width: 160, render: (_, r) => shanghaiTime(r.deadline) },
            { title: '状态', key: 'state', width: 90, render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{r.stateText}</Tag> },
          ]}
          locale={{ emptyText: '暂无招标项目：研究所发布的招标公告将在此列出' }}
          pagination={{
            current: q.current,
            pageSize: q.size,
            total: list.data?.total ?? 0,
            showTotal: (n) => `共 ${n} 条`,
            onChange: (current, size) => setQ({ ...q, current, size }),
          }}
        />
        <Typography.Text type="secondary">供应商登录后在“投标”中查看项目详情并提交密封报价。</Typography.Text>
      </Card>
    </Flex>
  );
}
