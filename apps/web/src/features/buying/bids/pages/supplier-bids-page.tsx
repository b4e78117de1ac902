import { Button } from 'antd';
import { useSearchParams } from 'react-router';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { bidKeys } from '../api/bid-query-keys.ts';
import { getSupplierBids, type SupplierBidProjectVO } from '../api/bids-api.ts';
import { BID_TAGS, MY_BID_TAGS, SUPPLIER_BID_TABS } from '../bid-status.ts';
import { BidOfferDrawer } from '../components/bid-offer-drawer.tsx';

const FIELDS: ListField[] = [{ kind: 'text', name: 'title', label: '项目名称', width: 220 }];

/** /cassSupplier/bid (投标): projects my company may bid on now, and my bids with their outcome. */
export function SupplierBidsPage({ entry, home }: MenuPageProps) {
  const list = useListPage<SupplierBidProjectVO>({
    queryKey: bidKeys.supplierList,
    fields: FIELDS,
    tabs: SUPPLIER_BID_TABS,
    request: getSupplierBids,
    flags: usePageFlags(entry),
  });
  const [params, setParams] = useSearchParams();
  const detail = Number(params.get('detail')) || null;
  const show = (id: number | null) =>
    setParams(
      (p) => {
        if (id) p.set('detail', String(id));
        else p.delete('detail');
        return p;
      },
      { replace: true },
    );
  return (
    <ListPage<SupplierBidProjectVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="supplier-bid-search"
      emptyText="暂无可投标的项目：研究所邀请贵公司或向全部合同供应商发布招标后，将在此列出"
      table={{ size: 'middle' }}
      columns={[
        { title: '项目编号', dataIndex: 'projectNo', width: 170 },
        {
          title: '项目名称',
          key: 'title',
          render: (_, r) => (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => show(r.id)} data-testid={`supplier-bid-open-${r.id}`}>
              {r.title}
            </Button>
          ),
        },
        { title: '招标单位', dataIndex: 'instituteName', width: 190 },
        { title: '最高限价', key: 'ceiling', width: 120, align: 'right', render: (_, r) => <MoneyCell fen={r.ceilingAmount} /> },
        { title: '截止时间', key: 'deadline', width: 150, render: (_, r) => shanghaiTime(r.deadline) },
        { title: '项目状态', key: 'state', width: 90, render: (_, r) => <StatusTag value={r.state} table={BID_TAGS} /> },
        {
          title: '我的投标',
          key: 'mine',
          width: 170,
          render: (_, r) =>
            r.myBid ? (
              <>
                <StatusTag value={r.myBid.state} table={MY_BID_TAGS} /> <MoneyCell fen={r.myBid.totalAmount} />
              </>
            ) : (
              '未投标'
            ),
        },
        {
          title: '操作',
          key: 'actions',
          width: 90,
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => show(r.id)}>
              {r.state === 'bidding' ? (r.myBid?.state === 'submitted' ? '修改投标' : '投标') : '查看'}
            </Button>
          ),
        },
      ]}
    >
      <BidOfferDrawer id={detail} onClose={() => show(null)} />
    </ListPage>
  );
}
