import { CommentBody } from '@kc/contracts/buying/comments';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, List, Modal, Rate } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { useOrderDetail } from '../../orders/index.ts';
import { commentKeys } from '../api/comment-query-keys.ts';
import { addComment, getOrderComments } from '../api/comments-api.ts';

type Scores = { quality: number; delivery: number; service: number; content: string };

/** 评价 from the order detail (?orderId=): every accepted line not yet rated, one form each. */
export function OrderCommentModal({ orderId, onClose, onDone }: { orderId: number | null; onClose: () => void; onDone: () => void }) {
  const order = useOrderDetail(orderId);
  const state = useQuery({ queryKey: commentKeys.order(orderId), queryFn: () => getOrderComments(orderId as number), enabled: orderId !== null });
  const [rating, setRating] = useState<number | null>(null);
  const [form] = Form.useForm<Scores>();
  const lines = (order.data?.subOrders ?? []).flatMap((s) => s.lines.map((l) => ({ ...l, subNo: s.subNo })));
  const open = lines.filter((l) => state.data?.find((x) => x.lineId === l.id)?.commentable);
  const submit = async () => {
    const v = await form.validateFields();
    await addComment({ lineId: rating as number, ...v });
    feedback.success('评价已提交');
    setRating(null);
    await state.refetch();
    onDone();
  };
  return (
    <Modal open={orderId !== null} title={`评价订单 ${order.data?.orderNo ?? ''}`} footer={null} width={720} onCancel={onClose} destroyOnHidden>
      {open.length === 0 && !state.isLoading ? (
        <Empty description="没有待评价的商品（验收通过后才能评价，每个商品评价一次）" />
      ) : (
        <List
          loading={state.isLoading || order.isLoading}
          dataSource={open}
          renderItem={(l) => (
            <List.Item
              actions={[
                <Button key="rate" type="link" onClick={() => setRating(l.id)}>
                  评价
                </Button>,
              ]}
            >
              <List.Item.Meta title={`${l.name} ${l.spec}`} description={`子订单 ${l.subNo}`} />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={rating !== null}
        title="评价商品"
        okText="提交"
        cancelText="取消"
        onOk={() => void submit()}
        onCancel={() => setRating(null)}
        destroyOnHidden
      >
        <Form form={form} layout="horizontal" preserve={false} initialValues={{ quality: 5, delivery: 5, service: 5 }}>
          <Form.Item name="quality" label="商品质量" rules={[{ required: true }]}>
            <Rate />
          </Form.Item>
          <Form.Item name="delivery" label="到货时效" rules={[{ required: true }]}>
            <Rate />
          </Form.Item>
          <Form.Item name="service" label="服务态度" rules={[{ required: true }]}>
            <Rate />
          </Form.Item>
          <Form.Item name="content" rules={contractRules(CommentBody.shape.content)}>
            <Input.TextArea rows={3} maxLength={500} showCount placeholder="纯度、包装、到货时间……" />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}
