import type { OrderLine, OrderLogVO } from '@kc/contracts/buying/orders';
import type { ReactNode } from 'react';
import { money, shanghaiTime } from '../../../../lib/format.ts';
import { actionText, actorText } from '../order-status.ts';
import { rmbUppercase } from '../rmb-uppercase.ts';

export interface SheetGroup {
  key: string | number;
  /** the supplier and sub-order number above the group's lines */
  heading?: string;
  lines: OrderLine[];
  goodsAmount: number;
  deliveryFee: number;
  totalAmount: number;
  remark?: string | null;
  /** per line, the quantity this document carries (a delivery note); absent: the ordered quantity */
  shipped?: Map<number, number>;
}

export interface SheetProps {
  title: string;
  subtitle: string;
  docNo: string;
  /** label → value rows of the head (receiver, buyer, supplier, times) */
  meta: { label: string; value: ReactNode; wide?: boolean }[];
  groups: SheetGroup[];
  /** the order's approval rows (pass / refuse / stop) */
  logs?: OrderLogVO[];
  signatures: string[];
  /** delivery notes show ordered, shipped so far and this delivery's quantities, without prices */
  delivery?: boolean;
}

const APPROVAL_ACTIONS = ['submit', 'pass', 'refuse', 'cancel', 'stop'];

/** One A4 document of an order: head, lines per supplier with totals (and the amount in capitals), approval record, signature lines. */
export function OrderSheet({ title, subtitle, docNo, meta, groups, logs, signatures, delivery }: SheetProps) {
  const total = groups.reduce((s, g) => s + g.totalAmount, 0);
  const approvals = (logs ?? []).filter((l) => l.subOrderId === null && APPROVAL_ACTIONS.includes(l.action));
  let seq = 0;
  return (
    <section className="kc-sheet" data-testid="print-sheet">
      <h1>{title}</h1>
      <div className="kc-sub">{subtitle}</div>
      <div className="kc-meta">
        <div>
          单号：<strong data-testid="print-doc-no">{docNo}</strong>
        </div>
        <div>打印时间：{shanghaiTime(new Date().toISOString(), true)}</div>
        {meta.map((m) => (
          <div key={m.label} className={m.wide ? 'kc-wide' : undefined}>
            {m.label}：{m.value}
          </div>
        ))}
      </div>
      {groups.map((g) => (
        <div key={g.key}>
          {g.heading && <h2>{g.heading}</h2>}
          <table>
            <thead>
              <tr>
                <th>序号</th>
                <th>商品名称</th>
                <th>CAS</th>
                <th>货号</th>
                <th>规格</th>
                <th>品牌</th>
                <th>单位</th>
                {delivery ? (
                  <>
                    <th>订购数量</th>
                    <th>累计已发</th>
                    <th>本次发货</th>
                  </>
                ) : (
                  <>
                    <th>数量</th>
                    <th>单价(元)</th>
                    <th>金额(元)</th>
                  </>
                )}
              </tr>
            </thead>
            <tbody>
              {g.lines.map((l) => {
                seq += 1;
                return (
                  <tr key={l.id} data-testid="print-line">
                    <td className="num">{seq}</td>
                    <td>
                      {l.name}
                      {l.hazards.length ? `（${l.hazards.join('、')}）` : ''}
                    </td>
                    <td>{l.cas ?? ''}</td>
                    <td>{l.catalogNo ?? ''}</td>
                    <td>{l.spec}</td>
                    <td>{l.brand ?? ''}</td>
                    <td>{l.unit}</td>
                    {delivery ? (
                      <>
                        <td className="num">{l.quantity}</td>
                        <td className="num">{l.deliveredQty}</td>
                        <td className="num">{g.shipped?.get(l.id) ?? ''}</td>
                      </>
                    ) : (
                      <>
                        <td className="num">{l.quantity}</td>
                        <td className="num">{money(l.unitPrice).slice(1)}</td>
                        <td className="num">{money(l.amount).slice(1)}</td>
                      </>
                    )}
                  </tr>
                );
              })}
              {!delivery && (
                <tr>
                  <td colSpan={7}>{g.remark ? `备注：${g.remark}` : ''}</td>
                  <td colSpan={2} className="num">
                    商品 {money(g.goodsAmount)} + 运费 {money(g.deliveryFee)}
                  </td>
                  <td className="num">
                    <strong>{money(g.totalAmount).slice(1)}</strong>
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      ))}
      {!delivery && (
        <div style={{ textAlign: 'right', fontSize: 13 }} data-testid="print-total">
          合计金额：<strong>{money(total)}</strong>（大写：{rmbUppercase(total)}）
        </div>
      )}
      {approvals.length > 0 && (
        <>
          <h2>审批记录</h2>
          <table>
            <thead>
              <tr>
                <th>环节</th>
                <th>经办人</th>
                <th>操作</th>
                <th>时间</th>
                <th>意见</th>
              </tr>
            </thead>
            <tbody>
              {approvals.map((l) => (
                <tr key={l.id} data-testid="print-approval">
                  <td>{actorText(l.actor)}</td>
                  <td>{l.actorName ?? ''}</td>
                  <td>{actionText(l.action, l.actor)}</td>
                  <td>{shanghaiTime(l.createdAt, true)}</td>
                  <td>{l.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <div className="kc-sign">
        {signatures.map((s) => (
          <span key={s}>
            {s}：＿＿＿＿＿＿＿＿
            <br />
            日期：＿＿＿＿年＿＿月＿＿日
          </span>
        ))}
      </div>
    </section>
  );
}
