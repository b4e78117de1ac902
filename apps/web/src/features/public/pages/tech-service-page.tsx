import { Button, Card, Flex, Form, Input, Select, Table, Typography } from 'antd';
import { BannerCarousel } from '../../../components/banner-carousel.tsx';

const CATEGORIES = ['检测分析', '基因测序', '化学合成', '动物实验', '仪器维修'].map((c) => ({ value: c, label: c }));

/** 技术服务: banners from page configuration and the service catalogue (services are listed once suppliers publish them). */
export function TechServicePage() {
  return (
    <Flex vertical gap={16}>
      <BannerCarousel kind="techServiceBanner" />
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          技术服务
        </Typography.Title>
        <Form layout="inline" style={{ marginBottom: 16, rowGap: 12 }} name="tech-service-search">
          <Form.Item name="keyword" label="服务名称">
            <Input allowClear placeholder="如：核磁共振、质谱检测" style={{ width: 220 }} />
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
          dataSource={[]}
          columns={['服务名称', '服务类别', '服务商', '参考价格（元）', '周期', '操作'].map((t) => ({ title: t, key: t }))}
          locale={{ emptyText: '暂无技术服务：服务商发布的检测、测序、合成等技术服务将在此列出' }}
          pagination={{ pageSize: 10, total: 0 }}
        />
      </Card>
    </Flex>
  );
}
