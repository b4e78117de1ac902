import { BID_INVITE_TEXT } from '@kc/contracts/buying/bids';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Drawer, Flex, Input, Modal, Spin, Table, Timeline, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { bidKeys } from '../api/bid-query-keys.ts';
import { awardBid, type BidProjectDetail, bidPdf, checkPrint, closeBid, getBidProject, rebid } from '../api/bids-api.ts';
import { BID_TAGS } from '../bid-status.ts';
import { BidResultTable } from './bid-result-table.tsx';

/**
 * 招标项目详情 (buyer side): the request, the opening result once opened (every bid, ranked), and
 * the buyer's actions by state — 修改 while bidding, 定标 when opened, 重新招标 / 关闭 after a
 * failed round, 打印 once the server says the record may be printed.
 */
export function BidDetailDrawer({ id, onClose, onEdit }: { id: number | null; onClose: () => void; onEdit: (d: BidProjectDetail) => void }) {
  const client = useQueryClient();
  const q = useQuery({ queryKey: bidKeys.detail(id), queryFn: () => getBidProject(id as number), enabled: id !== null });
  const print = useQuery({ queryKey: bidKeys.print(id, q.data?.state), queryFn: () => checkPrint(id as number), enabled: id !== null && !!q.data });
  const [rebidding, setRebidding] = useState(false);
  const [deadline, setDeadline] = useState<Dayjs | null>(null);
  const [closing, setClosing] = useState(false);
  const [reason, setReason] = useState('');
  const d = q.data;
  const refresh = () => client.invalidateQueries({ queryKey: bidKeys.all });

  const award = () =>
    feedback.modal().confirm({
      title: '确认定标',
      content: '将按最低有效报价（同价取最早投标）定标，并生成订单进入审批。确定吗？',
      okText: '定标',
      onOk: async () => {
        const r = await awardBid(id as number);
        feedback.success(`已定标，订单 ${r.orderNo} 已提交审批`);
        await refresh();
      },
    });

  return (
    <Drawer open={id !== null} onClose={onClose} width={980} title={d ? `${d.title}（${d.projectNo}）` : '招标项目'} destroyOnHidden>
      {!d ? (
        <Spin />
      ) : (
        <Flex vertical gap={16} data-testid="bid-detail">
          <Flex gap={8} wrap>
            {d.state === 'bidding' && <Button onClick={() => onEdit(d)}>修改</Button>}
            {d.state === 'opened' && (
              <Button type="primary" onClick={award} data-testid="bid-award">
                定标
              </Button>
            )}
            {(d.state === 'failed' || d.state === 'opened') && <Button onClick={() => setRebidding(true)}>重新招标</Button>}
            {['bidding', 'opened', 'failed'].includes(d.state) && (
              <Button danger onClick={() => setClosing(true)}>
                关闭项目
              </Button>
            )}
            <Button
              disabled={!print.data?.allowed}
              title={print.data?.reason ?? undefined}
              onClick={() => void openPdfInNewTab(() => bidPdf(d.id, d.projectNo)).catch(() => undefined)}
            >
              打印招标记录
            </Button>
          </Flex>
          {d.state === 'bidding' && (
            <Alert type="info" showIcon message="密封投标：截止前任何人（包括您与平台）都看不到投标数量与报价，截止时间一到系统自动开标。" />
          )}
          {d.state === 'failed' && <Alert type="warning" showIcon message="有效投标不足 3 家，本轮流标。可重新招标（开始新一轮）或关闭项目。" />}
          {d.orderNo && <Alert type="success" showIcon message={`已定标，订单 ${d.orderNo} 已按中标价生成，审批通过后由中标供应商发货。`} />}
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label="状态">
              <StatusTag value={d.state} table={BID_TAGS} testId="bid-state" />
              {d.round > 1 ? ` 第 ${d.round} 轮` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="招标方式">{BID_INVITE_TEXT[d.inviteMode]}</Descriptions.Item>
            <Descriptions.Item label="最高限价">
              <MoneyCell fen={d.ceilingAmount} />
            </Descriptions.Item>
            <Descriptions.Item label="截止时间">{shanghaiTime(d.deadline)}</Descriptions.Item>
            <Descriptions.Item label="采购人">{d.buyerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="开标时间">{d.openedAt ? shanghaiTime(d.openedAt) : '未开标'}</Descriptions.Item>
            <Descriptions.Item label="收货地址" span={2}>
              {`${d.address.province}${d.address.city}${d.address.district}${d.address.detail}（${d.address.contact} ${d.address.phone}）`}
            </Descriptions.Item>
            {d.inviteMode === 'invited' && (
              <Descriptions.Item label="邀请供应商" span={2}>
                {d.suppliers.map((s) => s.name).join('、')}
              </Descriptions.Item>
            )}
            {d.remark && (
              <Descriptions.Item label="说明" span={2}>
                {d.remark}
              </Descriptions.Item>
            )}
            {d.closeReason && (
              <Descriptions.Item label="关闭原因" span={2}>
                {d.closeReason}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.lines}
            columns={[
              { title: '序号', dataIndex: 'lineNo', width: 60 },
              { title: '品名', dataIndex: 'name' },
              { title: '规格', dataIndex: 'spec', width: 140 },
              { title: 'CAS 号', key: 'cas', width: 120, render: (_, l) => l.cas ?? '—' },
              { title: '数量', key: 'qty', width: 100, render: (_, l) => `${l.quantity} ${l.unit}` },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            开标结果
          </Typography.Title>
          {d.result ? (
            <BidResultTable result={d.result} winnerBidId={d.winnerBidId} />
          ) : (
            <Typography.Text type="secondary">截止时间到达后自动开标，开标前不显示任何投标信息。</Typography.Text>
          )}
          <Timeline
            items={d.log.map((l) => ({
              children: `${shanghaiTime(l.at)} ${l.actorName ?? '系统'} ${l.actionText}${l.round > 1 ? `（第 ${l.round} 轮）` : ''}${l.detail ? `：${l.detail}` : ''}`,
            }))}
          />
        </Flex>
      )}
      <Modal
        open={rebidding}
        title="重新招标"
        onCancel={() => setRebidding(false)}
        okButtonProps={{ disabled: !deadline?.isAfter(dayjs()) }}
        onOk={async () => {
          await rebid(id as number, (deadline as Dayjs).toISOString());
          feedback.success('已重新招标');
          setRebidding(false);
          await refresh();
        }}
      >
        <Typography.Paragraph>新一轮的投标截止时间：</Typography.Paragraph>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" value={deadline} onChange={setDeadline} style={{ width: '100%' }} />
      </Modal>
      <Modal
        open={closing}
        title="关闭招标项目"
        okButtonProps={{ danger: true, disabled: reason.trim().length < 2 }}
        onCancel={() => setClosing(false)}
        onOk={async () => {
          await closeBid(id as number, reason.trim());
          feedback.success('招标项目已关闭');
          setClosing(false);
          await refresh();
        }}
      >
        <Input.TextArea rows={3} maxLength={200} placeholder="请填写关闭原因" value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </Drawer>
  );
}
