import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PrintSheetPage } from '../../../../components/print-sheet.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import { getSlip, type SlipVO, slipPdf } from '../api/inventory-api.ts';
import { inventoryKeys } from '../api/inventory-query-keys.ts';

const SIGNERS = { in: ['经办人', '验收人', '保管员'], out: ['经办人', '领用人', '保管员'] } as const;

/**
 * /printPutOrder and /printOutboundOrder ?id=: the 入库单 / 出库单 as an A4 sheet;
 * /CassPrintPutOrderRubber and /CassPrintOutboundOrderRubber: the 胶版 with the seal box.
 */
export function PrintSlipPage({ kind, stamped }: { kind: 'in' | 'out'; stamped: boolean }) {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const q = useQuery({ queryKey: inventoryKeys.slip(id), queryFn: () => getSlip(id as number), enabled: id !== null });
  const s = q.data;
  const wrongKind = s && s.kind !== kind;
  const error = !id ? '缺少单据号' : q.isError || wrongKind ? '单据不存在或不在您的查看范围内' : null;
  return (
    <PrintSheetPage pdf={id ? () => slipPdf(id, stamped) : undefined} loading={!!id && q.isLoading} error={error}>
      {s && !wrongKind && <SlipSheet s={s} stamped={stamped} />}
    </PrintSheetPage>
  );
}

function SlipSheet({ s, stamped }: { s: SlipVO; stamped: boolean }) {
  const inbound = s.kind === 'in';
  return (
    <div className="kc-sheet" data-testid="slip-sheet">
      <div className="kc-sub">{s.instituteName}</div>
      <h1>{inbound ? '入库单' : '出库单'}</h1>
      <div className="kc-meta">
        <span>单号：{s.slipNo}</span>
        <span>日期：{shanghaiTime(s.createdAt)}</span>
        <span>课题组：{s.teamName ?? '—'}</span>
        {inbound ? <span>子订单号：{s.subNo ?? '—'}</span> : <span>领用人：{[s.personName, s.secondPersonName].filter(Boolean).join('、') || '—'}</span>}
        {inbound ? <span>供应商：{s.supplierName ?? '—'}</span> : <span>用途：{s.purpose ?? '—'}</span>}
        <span>经办人：{s.actorName ?? '—'}</span>
      </div>
      <table>
        <thead>
          <tr>
            <th>序号</th>
            <th>物品名称</th>
            <th>规格</th>
            <th>CAS</th>
            <th>批号</th>
            <th>{inbound ? '入库数量' : '出库数量'}</th>
            <th>单位</th>
            <th>有效期至</th>
            <th>{inbound ? '存放位置' : '容器编号'}</th>
          </tr>
        </thead>
        <tbody>
          {s.lines.map((l, i) => (
            <tr key={l.code}>
              <td>{i + 1}</td>
              <td>{l.name}</td>
              <td>{l.spec}</td>
              <td>{l.cas ?? ''}</td>
              <td>{l.lotNo ?? ''}</td>
              <td className="num">{l.quantity}</td>
              <td>{l.unit}</td>
              <td>{l.expiresOn ?? ''}</td>
              <td>{inbound ? (l.locationLabel ?? '待上架') : l.code}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>共 {s.lines.length} 件容器</div>
      <div className="kc-sign">
        {SIGNERS[s.kind].map((r) => (
          <span key={r}>{r}（签字）：＿＿＿＿＿＿</span>
        ))}
      </div>
      {stamped && (
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
          <div style={{ width: 110, height: 110, borderRadius: '50%', border: '2px solid #c41d1d', color: '#c41d1d', display: 'grid', placeItems: 'center' }}>
            （单位公章）
          </div>
        </div>
      )}
    </div>
  );
}
