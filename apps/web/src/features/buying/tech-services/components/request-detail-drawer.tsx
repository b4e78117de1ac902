import { TECH_ACTION_TEXT, TECH_REQUEST_STATUS_TEXT, type TechAction, type TechRequestStatus } from '@kc/contracts/buying/tech-services';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Descriptions, Drawer, Flex, Spin, Table, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { TechRequestDetail } from '../api/tech-services-api.ts';
import { STATUS_COLOR } from './tech-format.ts';

interface Props {
  id: number | null;
  load: (id: number) => Promise<TechRequestDetail>;
  /** the buttons of the caller's allowed moves */
  actions: (d: TechRequestDetail) => ReactNode;
  onClose: () => void;
}

export const requestQueryKey = (id: number | null) => ['techRequest', id];

/**
 * A request's moves as both sides make them: `run` does one, says so, and refreshes the list and the
 * open request whether it worked or not (a refused move may mean the state changed under us).
 */
export function useRequestMoves(listKey: readonly unknown[]) {
  const client = useQueryClient();
  const refresh = async (id: number) => {
    await client.invalidateQueries({ queryKey: listKey });
    await client.invalidateQueries({ queryKey: requestQueryKey(id) });
  };
  const run = async (id: number, move: () => Promise<unknown>, done: string) => {
    try {
      await move();
      feedback.success(done);
    } finally {
      await refresh(id);
    }
  };
  return { refresh, run };
}

/** One request: samples as the form defines them, the quote with its tax, shipping, reports and every move. */
export function RequestDetailDrawer({ id, load, actions, onClose }: Props) {
  const { data: d, isLoading } = useQuery({ queryKey: requestQueryKey(id), queryFn: () => load(id as number), enabled: id !== null });
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={d ? `委托 ${d.requestNo}` : '委托详情'} extra={d ? actions(d) : null} destroyOnHidden>
      {isLoading || !d ? (
        <Spin />
      ) : (
        <Flex vertical gap={16} data-testid="tech-request-detail">
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="服务">{d.serviceName}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={STATUS_COLOR[d.status]}>{TECH_REQUEST_STATUS_TEXT[d.status]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="服务商">{d.supplierName}</Descriptions.Item>
            <Descriptions.Item label="委托人">
              {d.buyerName}（{d.instituteName}
              {d.teamName ? ` · ${d.teamName}` : ''}）
            </Descriptions.Item>
            <Descriptions.Item label="联系电话">{d.contactPhone}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{shanghaiTime(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="报价">
              {d.amount === null ? (
                '待报价'
              ) : (
                <span>
                  <MoneyCell fen={d.unitPrice ?? 0} /> × {d.quantity} = <MoneyCell fen={d.amount} strong />
                </span>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={`税额（${d.taxRate}%）`}>
              {d.taxAmount === null ? (
                '—'
              ) : (
                <span>
                  <MoneyCell fen={d.taxAmount} />
                  （不含税 <MoneyCell fen={d.amountExTax ?? 0} />）
                </span>
              )}
            </Descriptions.Item>
            {d.quoteNote && (
              <Descriptions.Item label="报价说明" span={2}>
                {d.quoteNote}
              </Descriptions.Item>
            )}
            {d.trackingNo && (
              <Descriptions.Item label="样品快递" span={2}>
                {d.carrier} {d.trackingNo}
              </Descriptions.Item>
            )}
            {d.reason && (
              <Descriptions.Item label="原因" span={2}>
                {d.reason}
              </Descriptions.Item>
            )}
            {d.remark && (
              <Descriptions.Item label="备注" span={2}>
                {d.remark}
              </Descriptions.Item>
            )}
            <Descriptions.Item label="报告" span={2}>
              {d.reports.length === 0 ? (
                '尚未交付'
              ) : (
                <Flex vertical>
                  {d.reports.map((f) => (
                    <Typography.Link key={f.fileId} href={f.url} target="_blank" rel="noopener noreferrer">
                      {f.name}
                    </Typography.Link>
                  ))}
                  {d.reportNote && <Typography.Text type="secondary">{d.reportNote}</Typography.Text>}
                </Flex>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ margin: 0 }}>
            样品信息（{d.sampleCount} 个）
          </Typography.Title>
          <Table
            size="small"
            rowKey={(_, i) => String(i)}
            pagination={false}
            dataSource={d.samples}
            scroll={{ x: true }}
            columns={[
              { title: '序号', key: 'no', width: 60, render: (_, __, i) => i + 1 },
              ...d.sampleForm.map((f) => ({
                title: f.unit ? `${f.label}（${f.unit}）` : f.label,
                dataIndex: f.key,
                key: f.key,
                render: (v: unknown) => (v === undefined || v === '' ? '—' : String(v)),
              })),
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            处理记录
          </Typography.Title>
          <Timeline
            items={d.logs.map((l) => ({
              children: (
                <span>
                  {shanghaiTime(l.createdAt)} {l.actorName} {l.action === 'request' ? '提交委托' : TECH_ACTION_TEXT[l.action as TechAction]} →{' '}
                  {TECH_REQUEST_STATUS_TEXT[l.toStatus as TechRequestStatus]}
                  {l.note ? `：${l.note}` : ''}
                </span>
              ),
            }))}
          />
        </Flex>
      )}
    </Drawer>
  );
}
