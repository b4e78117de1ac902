import { Button, Card, DatePicker, Flex, Form, Input, Table, Typography } from 'antd';
import { BannerCarousel } from '../../../components/banner-carousel.tsx';

/** 招标采购: banners from page configuration and the list of calls for bids (published by institutes). */
export function BidPage() {
  return (
    <Flex vertical gap={16}>
      <BannerCarousel kind="bidBanner" />
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          招标采购
        </Typography.Title>
        <Form layout="inline" style={{ marginBottom: 16, rowGap: 12 }} name="bid-search">
          <Form.Item name="title" label="项目名称">
            <Input allowClear placeholder="请输入项目名称" style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="publishedAt" label="发布时间">
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          </Form.Item>
        </Form>
        <Table
          rowKey="id"
          dataSource={[]}
          columns={['项目名称', '招标单位', '发布时间', '截止时间', '状态', '操作'].map((t) => ({ title: t, key: t }))}
          locale={{ emptyText: '暂无招标项目：研究所发布的招标公告将在此列出' }}
          pagination={{ pageSize: 10, total: 0 }}
        />
      </Card>
    </Flex>
  );
}
