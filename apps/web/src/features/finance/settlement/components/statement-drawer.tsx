import { COMPLAINT_HOLD_TEXT, DISPUTE_TEXT, LINE_KIND_TEXT } from '@kc/contracts/finance/settlement';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, InputNumber, Modal, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can } from '../../../../components/page-flags.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { openPdfInNewTab, saveFile } from '../../../../lib/file-download.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import { finance, getStatement, type Side, type StatementDetail, statementExcel, statementPdf, supplierMoves } from '../api/settlement-api.ts';
import { PAY_TAGS, STATEMENT_TAGS } from '../statement-status.ts';
import { PaymentModal } from './payment-modal.tsx';

type Line = StatementDetail['lines']['records'][number];

/**
 * A statement's detail for finance or the supplier: totals with 人民币大写, deductions, the lines
 * (ordered, accepted, invoiced, claimed, paid), payments and the log; the moves the statement's
 * state allows for this side, and its PDF and Excel.
 */
export function StatementDrawer({ side, id, onClose }: { side: Side; id: number | null; onClose: () => void }) {
  const client = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const [chosen, setChosen] = useState<number[]>([]);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [paying, setPaying] = useState(false);
  const [fix, setFix] = useState<Line | null>(null);
  const [fixAmount, setFixAmount] = useState<number | null>(null);
  // another statement opens on its first page with nothing chosen (reset while rendering, as React advises)
  const [shown, setShown] = useState(id);
  if (shown !== id) {
    setShown(id);
    setPage({ current: 1, size: 20 });
    setChosen([]);
  }
  const q = useQuery({ queryKey: ['settlement', 'detail', side, id, page], queryFn: () => getStatement(side, id as number, page), enabled: id !== null });
  const s = q.data;
  const refresh = () => client.invalidateQueries({ queryKey: ['settlement'] });
  const act = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    feedback.success(done);
    setChosen([]);
    await refresh();
  };
  const isFinance = side === 'mall';

  const correct = (l: Line) => {
    setFix(l);
    setFixAmount(l.amount / 100);
  };
  const financeActions = s && (
    <Can flag="modify">
      <Space wrap>
        {s.status === 'draft' && (
          <>
            <Button
              type="primary"
              onClick={() => void act(() => finance.move('send', s.id), '已发送供应商').catch(() => undefined)}
              data-testid="statement-send"
            >
              发送供应商
            </Button>
            <Button danger onClick={() => void act(() => finance.move('cancel', s.id), '已作废').catch(() => undefined)}>
              作废
            </Button>
          </>
        )}
        {s.status === 'disputed' && (
          <Button
            type="primary"
            onClick={() => void act(() => finance.move('resend', s.id), '已重新发送').catch(() => undefined)}
            data-testid="statement-resend"
          >
            重新发送
          </Button>
        )}
        {s.status === 'supplier_confirmed' && (
          <Button type="primary" onClick={() => void act(() => finance.move('approve', s.id), '已审核').catch(() => undefined)} data-testid="statement-approve">
            审核通过
          </Button>
        )}
        {(s.status === 'finance_approved' || s.status === 'partially_paid') && (
          <Button type="primary" onClick={() => setPaying(true)} data-testid="statement-pay-open">
            登记付款
          </Button>
        )}
        {s.status === 'paid' && <Button onClick={() => void act(() => finance.move('close', s.id), '已关闭').catch(() => undefined)}>关闭</Button>}
      </Space>
    </Can>
  );
  const supplierActions = s && s.status === 'sent' && (
    <Space wrap>
      <Button type="primary" onClick={() => void act(() => supplierMoves.confirm(s.id), '已确认').catch(() => undefined)} data-testid="statement-confirm">
        确认无误
      </Button>
      <Button
        danger
        disabled={chosen.length === 0}
        onClick={() =>
          setReason({
            title: `对 ${chosen.length} 行提出异议`,
            label: '异议原因（财务可见）',
            okText: '提交异议',
            onSubmit: (r) =>
              act(
                () =>
                  supplierMoves.dispute(
                    s.id,
                    chosen.map((lineId) => ({ lineId, reason: r })),
                  ),
                '异议已提交',
              ),
          })
        }
        data-testid="statement-dispute"
      >
        对所选行提出异议{chosen.length ? `（${chosen.length}）` : ''}
      </Button>
    </Space>
  );

  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={s ? `对账单 ${s.statementNo}` : '对账单'} data-testid="statement-detail">
      {s && (
        <Flex vertical gap={16}>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label="状态">
              <StatusTag value={s.status} table={STATEMENT_TAGS} testId="statement-status" />
            </Descriptions.Item>
            <Descriptions.Item label="月份">{s.month}</Descriptions.Item>
            <Descriptions.Item label="采购单位">{s.instituteName}</Descriptions.Item>
            <Descriptions.Item label="供应商">{s.supplierName}</Descriptions.Item>
            <Descriptions.Item label="对账金额">
              <MoneyCell fen={s.grossAmount} /> <Typography.Text type="secondary">{s.grossUppercase}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="扣款">
              {s.deductions.length ? s.deductions.map((d) => `${d.name} ¥${(d.amount / 100).toFixed(2)}`).join('；') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label="应付金额">
              <MoneyCell fen={s.netAmount} strong testId="statement-net" /> <Typography.Text type="secondary">{s.netUppercase}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="已付 / 未付">
              <MoneyCell fen={s.paidAmount} /> / <MoneyCell fen={s.openAmount} />
            </Descriptions.Item>
            {s.credit && (
              <Descriptions.Item label="结转下期" span={2}>
                <span data-testid="statement-credit">
                  供应商应退 <MoneyCell fen={s.credit.amount} />
                  ，已在后续对账单中抵扣 <MoneyCell fen={s.credit.carried} />
                  {s.credit.carriedTo.length > 0 && `（${s.credit.carriedTo.map((c) => `${c.statementNo} ¥${(c.amount / 100).toFixed(2)}`).join('；')}）`}
                  ，待抵扣 <MoneyCell fen={s.credit.left} />
                </span>
              </Descriptions.Item>
            )}
            {s.lastReason && (
              <Descriptions.Item label="最近说明" span={2}>
                <Typography.Text type="danger">{s.lastReason}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Space wrap>
            {isFinance ? financeActions : supplierActions}
            <Button onClick={() => void openPdfInNewTab(() => statementPdf(side, s.id)).catch(() => undefined)}>对账单 PDF</Button>
            <Button onClick={() => void statementExcel(side, s.id).then(saveFile, () => undefined)}>导出 Excel</Button>
          </Space>
          <Table<Line>
            size="small"
            rowKey="id"
            dataSource={s.lines.records}
            scroll={{ x: 1100 }}
            rowSelection={!isFinance && s.status === 'sent' ? { selectedRowKeys: chosen, onChange: (k) => setChosen(k.map(Number)) } : undefined}
            pagination={{
              current: page.current,
              pageSize: page.size,
              total: s.lines.total,
              showTotal: (n) => `共 ${n} 行`,
              onChange: (current, size) => setPage({ current, size }),
            }}
            columns={[
              {
                title: '子订单号',
                key: 'sub',
                width: 190,
                render: (_, l) => (
                  <>
                    {l.subNo}
                    {l.onHold && (
                      <Tag color="red" data-testid="line-on-hold" style={{ marginInlineStart: 4 }} title="投诉办结前暂停结算付款">
                        {COMPLAINT_HOLD_TEXT}
                      </Tag>
                    )}
                  </>
                ),
              },
              {
                title: '类型',
                key: 'k',
                width: 60,
                render: (_, l) => (l.refundNo ? <span title={`售后申请 ${l.refundNo}`}>{LINE_KIND_TEXT[l.kind]}</span> : LINE_KIND_TEXT[l.kind]),
              },
              { title: '完成时间', key: 'd', width: 150, render: (_, l) => shanghaiTime(l.doneAt) },
              { title: '订单金额', key: 'o', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.ordered} /> },
              { title: '验收金额', key: 'a', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.accepted} /> },
              { title: '已开票', key: 'i', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.invoiced} /> },
              { title: '已报销', key: 'c', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.claimed} /> },
              { title: '已付款', key: 'p', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.paid} /> },
              { title: '对账金额', key: 'm', width: 100, align: 'right', render: (_, l) => <MoneyCell fen={l.amount} strong /> },
              { title: '付款', key: 'ps', width: 90, render: (_, l) => <StatusTag value={l.payStatus} table={PAY_TAGS} /> },
              {
                title: '异议',
                key: 'x',
                width: 200,
                render: (_, l) =>
                  l.dispute === 'none' ? (
                    ''
                  ) : (
                    <Typography.Text type={l.dispute === 'disputed' ? 'danger' : 'secondary'}>
                      {DISPUTE_TEXT[l.dispute]}：{l.disputeReason}
                      {l.correctionNote ? `（${l.correctionNote}）` : ''}
                    </Typography.Text>
                  ),
              },
              ...(isFinance && s.status === 'disputed'
                ? [
                    {
                      title: '处理',
                      key: 'fix',
                      width: 120,
                      fixed: 'right' as const,
                      render: (_: unknown, l: Line) =>
                        l.dispute === 'disputed' && (
                          <Can flag="modify">
                            <Space size={4}>
                              <Button type="link" size="small" onClick={() => correct(l)} data-testid="statement-line-correct">
                                更正
                              </Button>
                              <Button
                                type="link"
                                size="small"
                                danger
                                data-testid="statement-line-remove"
                                onClick={() =>
                                  setReason({
                                    title: `移除 ${l.subNo}`,
                                    label: '移除说明（供应商可见）',
                                    okText: '移除',
                                    danger: true,
                                    onSubmit: (r) => act(() => finance.remove(s.id, l.id, r), '已移除'),
                                  })
                                }
                              >
                                移除
                              </Button>
                            </Space>
                          </Can>
                        ),
                    },
                  ]
                : []),
            ]}
          />
          {s.payments.length > 0 && (
            <Table
              size="small"
              rowKey="paymentId"
              pagination={false}
              title={() => '付款记录'}
              dataSource={s.payments}
              columns={[
                { title: '付款单号', dataIndex: 'paymentNo' },
                { title: '银行流水号', dataIndex: 'bankRef' },
                { title: '付款日期', dataIndex: 'paidOn' },
                { title: '来源', key: 'src', render: (_, p) => (p.source === 'api' ? '财务系统' : '平台登记') },
                { title: '金额', key: 'a', align: 'right', render: (_, p) => <MoneyCell fen={p.amount} /> },
              ]}
            />
          )}
          <Typography.Title level={5}>操作记录</Typography.Title>
          <Timeline
            items={s.log.map((l) => ({
              children: (
                <span>
                  {shanghaiTime(l.createdAt)} {l.actorName} {l.actionText}
                  {l.reason ? `：${l.reason}` : ''}
                </span>
              ),
            }))}
          />
          <PaymentModal statement={paying ? s : null} onClose={() => setPaying(false)} onPaid={() => void refresh()} />
          <Modal
            open={fix !== null}
            title={fix ? `更正 ${fix.subNo} 的对账金额` : ''}
            okText="下一步：填写说明"
            onCancel={() => setFix(null)}
            onOk={() => {
              if (!fix || fixAmount === null) return;
              const line = fix;
              const fen = Math.round(fixAmount * 100);
              setFix(null);
              setReason({
                title: `更正 ${line.subNo} 为 ¥${fixAmount.toFixed(2)}`,
                label: '更正说明（供应商可见）',
                okText: '更正',
                onSubmit: (r) => act(() => finance.correct(s.id, line.id, fen, r), '已更正'),
              });
            }}
          >
            <InputNumber min={0} max={fix ? fix.ordered / 100 : 0} precision={2} value={fixAmount} onChange={(v) => setFixAmount(v)} suffix="元" />
          </Modal>
          <ReasonModal request={reason} onClose={() => setReason(null)} />
        </Flex>
      )}
    </Drawer>
  );
}
