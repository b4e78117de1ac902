import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { usePageFlags } from '../../../../components/page-flags.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { bidKeys } from '../api/bid-query-keys.ts';
import { addBidProject, type BidProjectDetail, type BidProjectInput, type BidProjectVO, getBidProjects, updateBidProject } from '../api/bids-api.ts';
import { BID_TABS, BID_TAGS } from '../bid-status.ts';
import { BidDetailDrawer } from '../components/bid-detail-drawer.tsx';
import { BidProjectFormModal } from '../components/bid-project-form.tsx';

const FIELDS: ListField[] = [{ kind: 'text', name: 'title', label: '项目名称', width: 220 }];

/**
 * /cass/bid/projects (招标采购): the buyer's projects (the team leader's team, the institute's for its
 * owner, all for the platform), publish and edit, and the detail with the result after opening.
 * The list shows nothing of the bids: no count, no amount, and its order never follows them.
 */
export function BidProjectsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<BidProjectVO>({ queryKey: bidKeys.projects, fields: FIELDS, tabs: BID_TABS, request: getBidProjects, flags: usePageFlags(entry) });
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
  const [editing, setEditing] = useState<BidProjectDetail | 'new' | null>(null);

  const save = async (p: BidProjectInput) => {
    if (editing === 'new') {
      const r = await addBidProject(p);
      feedback.success(`招标项目 ${r.projectNo} 已发布`);
    } else if (editing) {
      await updateBidProject(editing.id, p);
      feedback.success('招标项目已修改');
    }
    setEditing(null);
    await client.invalidateQueries({ queryKey: bidKeys.all });
  };

  return (
    <ListPage<BidProjectVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="bid-project-search"
      toolbar={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="bid-project-add">
          发布招标
        </Button>
      }
      emptyText="还没有招标项目：大额或非目录采购可发布招标，邀请供应商密封报价，截止后自动开标"
      table={{ size: 'middle' }}
      columns={[
        { title: '项目编号', dataIndex: 'projectNo', width: 170 },
        {
          title: '项目名称',
          key: 'title',
          render: (_, r) => (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => show(r.id)} data-testid={`bid-open-${r.id}`}>
              {r.title}
            </Button>
          ),
        },
        { title: '采购人', key: 'buyer', width: 100, render: (_, r) => r.buyerName ?? '—' },
        { title: '最高限价', key: 'ceiling', width: 130, align: 'right', render: (_, r) => <MoneyCell fen={r.ceilingAmount} /> },
        { title: '发布时间', key: 'published', width: 150, render: (_, r) => shanghaiTime(r.publishedAt) },
        { title: '截止时间', key: 'deadline', width: 150, render: (_, r) => shanghaiTime(r.deadline) },
        {
          title: '状态',
          key: 'state',
          width: 110,
          render: (_, r) => (
            <>
              <StatusTag value={r.state} table={BID_TAGS} />
              {r.round > 1 ? `第${r.round}轮` : ''}
            </>
          ),
        },
        {
          title: '操作',
          key: 'actions',
          width: 80,
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => show(r.id)}>
              详情
            </Button>
          ),
        },
      ]}
    >
      <BidProjectFormModal open={editing !== null} editing={editing === 'new' ? null : editing} onCancel={() => setEditing(null)} onSave={save} />
      <BidDetailDrawer
        id={detail}
        onClose={() => show(null)}
        onEdit={(d) => {
          setEditing(d);
        }}
      />
    </ListPage>
  );
}
