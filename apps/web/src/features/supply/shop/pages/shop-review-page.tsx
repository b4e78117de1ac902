import { SHOP_CONTENT_KIND_LABEL, type ShopContentKind } from '@kc/contracts/supply/shop';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Image, Popover, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { RichHtml } from '../../../../components/rich-html.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { getShopReviewQueue, reviewShopContent, type ShopReviewVO } from '../api/shop-content-api.ts';
import { shopKeys } from '../api/shop-query-keys.ts';
import { windowText } from '../components/review-state.tsx';

const FIELDS: ListField[] = [{ kind: 'text', name: 'supplierName', label: '供应商', placeholder: '供应商名称', width: 220 }];
const TABS = [
  { key: 'all', label: '全部' },
  { key: 'profile', label: '店铺信息' },
  { key: 'section', label: '栏目' },
  { key: 'banner', label: '横幅' },
  { key: 'notice', label: '公告' },
] as const;
const COLOURS: Record<ShopContentKind, string> = { profile: 'purple', section: 'blue', banner: 'orange', notice: 'cyan' };
type Ref = { kind: ShopContentKind; id: number };
const keyOf = (r: Ref) => `${r.kind}:${r.id}`;
const refOf = (k: string): Ref => {
  const [kind, id] = k.split(':');
  return { kind: kind as ShopContentKind, id: Number(id) };
};

/** What a submission would show: picture, HTML (sanitised again here) or text, and the version it replaces. */
function Preview({ r }: { r: ShopReviewVO }) {
  return (
    <Flex vertical gap={4}>
      {r.imageUrl && <Image src={r.imageUrl} width={r.kind === 'banner' ? 200 : 64} style={{ objectFit: 'cover', borderRadius: 4 }} />}
      {r.kind === 'notice' ? (
        <Popover
          content={
            <div style={{ maxWidth: 480, maxHeight: 360, overflow: 'auto' }}>
              <RichHtml html={r.content} />
            </div>
          }
          title={r.title}
        >
          <Typography.Link>查看公告内容</Typography.Link>
        </Popover>
      ) : (
        r.content && <Typography.Text type="secondary">{r.content}</Typography.Text>
      )}
      {r.linkUrl && <Typography.Text type="secondary">链接：{r.linkUrl}</Typography.Text>}
      {r.current && (
        <Typography.Text type="warning">
          修改前：{r.current.title}
          {r.current.imageUrl && <Image src={r.current.imageUrl} width={60} style={{ marginLeft: 8 }} />}
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * 店铺内容审核: suppliers' shop profiles, sections, banners and notices waiting for review. The
 * reviewer sees what would show (the picture, the notice rendered safely, the version it replaces)
 * and approves, or refuses with a reason the supplier reads; one at a time or in a batch.
 */
export function ShopReviewPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const list = useListPage<ShopReviewVO>({
    queryKey: shopKeys.review,
    fields: FIELDS,
    tabs: TABS,
    request: getShopReviewQueue,
    flags: usePageFlags(entry),
    rowKey: keyOf,
  });
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const chosen = list.selection.keys.map((k) => refOf(String(k)));
  const refresh = async () => {
    list.selection.clear();
    await client.invalidateQueries({ queryKey: shopKeys.review });
  };
  const approve = (items: Ref[]) =>
    feedback.modal().confirm({
      title: items.length === 1 ? '审核通过该内容？' : `审核通过所选的 ${items.length} 条内容？`,
      content: '通过后按展示时间在店铺页展示给买家。',
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        await reviewShopContent(items, true);
        feedback.success('已通过');
        await refresh();
      },
    });
  const refuse = (items: Ref[]) =>
    setAsking({
      title: '驳回店铺内容',
      label: '驳回原因',
      okText: '确认驳回',
      danger: true,
      maxLength: 200,
      requiredMessage: '请填写驳回原因',
      placeholder: '供应商将看到此原因，如：横幅中的折扣与商品报价不符',
      onSubmit: async (reason) => {
        await reviewShopContent(items, false, reason);
        feedback.success('已驳回');
        await refresh();
      },
    });

  return (
    <ListPage<ShopReviewVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="shop-review-search"
      selectable
      batchBar={
        <Can flag="modify">
          <Flex gap={8} align="center">
            <Button type="primary" disabled={!chosen.length} onClick={() => approve(chosen)}>
              批量通过
            </Button>
            <Button danger disabled={!chosen.length} onClick={() => refuse(chosen)}>
              批量驳回
            </Button>
            <Typography.Text type="secondary">{chosen.length ? `已选 ${chosen.length} 条` : '勾选后可批量审核'}</Typography.Text>
          </Flex>
        </Can>
      }
      emptyText="没有待审核的店铺内容"
      table={{ scroll: { x: 1100 }, size: 'middle' }}
      columns={[
        {
          title: '供应商 / 店铺',
          key: 'supplier',
          width: 200,
          render: (_, r) => (
            <Flex vertical>
              <span>{r.supplierName}</span>
              <Typography.Text type="secondary">{r.shopName}</Typography.Text>
            </Flex>
          ),
        },
        {
          title: '内容',
          key: 'title',
          width: 220,
          render: (_, r) => (
            <span>
              <Tag color={COLOURS[r.kind]}>{SHOP_CONTENT_KIND_LABEL[r.kind]}</Tag>
              <Tag>{r.isNew ? '新增' : '修改'}</Tag>
              {r.title}
            </span>
          ),
        },
        { title: '预览', key: 'preview', width: 280, render: (_, r) => <Preview r={r} /> },
        { title: '展示时间', key: 'window', width: 200, render: (_, r) => (r.kind === 'profile' ? '—' : windowText(r.startAt, r.endAt)) },
        { title: '提交时间', dataIndex: 'submittedAt', width: 140, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
        {
          title: '操作',
          key: 'actions',
          width: 120,
          fixed: 'right',
          render: (_, r) => (
            <Can flag="modify">
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => approve([{ kind: r.kind, id: r.id }])}>
                  通过
                </Button>
                <Button type="link" size="small" danger onClick={() => refuse([{ kind: r.kind, id: r.id }])}>
                  驳回
                </Button>
              </Flex>
            </Can>
          ),
        },
      ]}
    >
      <ReasonModal request={asking} onClose={() => setAsking(null)} />
    </ListPage>
  );
}
