import { Button, Form, Space } from 'antd';

/** The 查询 / 重置 pair that ends a list page's inline search form; 查询 submits the form. */
export function SearchButtons({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button onClick={onReset}>重置</Button>
      </Space>
    </Form.Item>
  );
}
