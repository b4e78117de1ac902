import { RESTORE_DAYS, SUPPLIER_ITEM_COUNT_CAP, SUPPLIER_ITEM_SEARCH_COUNT_CAP, type SupplierItemPage } from '@kc/contracts/supply/catalog-supplier-items';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { catalogKeys } from '../api/catalog-query-keys.ts';
import { deleteItems, getRestoreInfo, getSupplierItems, recoverItems, type SupplierItemVO, setShelf } from '../api/supplier-items-api.ts';
import { DuplicatesDrawer } from '../components/duplicates-drawer.tsx';
import { ItemChangeModal } from '../components/item-change-modal.tsx';
import { ItemProposalModal } from '../components/item-proposal-modal.tsx';
import { PriceHistoryDrawer } from '../components/price-history-drawer.tsx';
import { PriceImportDrawer } from '../components/price-import-drawer.tsx';
import { PriceStockModal } from '../components/price-stock-modal.tsx';
import { ProposalsDrawer } from '../components/proposals-drawer.tsx';
import { SaleModal } from '../components/sale-modal.tsx';
import { SalesDrawer } from '../components/sales-drawer.tsx';
import { supplierItemColumns } from '../components/supplier-item-columns.tsx';

const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '商品', placeholder: '名称、CAS 号或货号', width: 240 }];
const TAB_LABELS = { onShelf: '在售', offShelf: '已下架', deleted: `已删除（${RESTORE_DAYS} 天内可恢复）` } as const;

/**
 * 商品管理: the supplier's own items by 在售 / 已下架 / 已删除, found by name, CAS or 货号; price and
 * stock changed in place (with the price history), shelved and unshelved one by one or in batches,
 * deleted and restored within 30 days.
 */
export function SupplierItemsPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const flags = usePageFlags(entry);
  const [counts, setCounts] = useState<SupplierItemPage['counts'] | null>(null);
  const tabs = useMemo(
    () => (Object.keys(TAB_LABELS) as (keyof typeof TAB_LABELS)[]).map((key) => ({ key, label: TAB_LABELS[key], count: counts?.[key] })),
    [counts],
  );
  const list = useListPage<SupplierItemVO>({ queryKey: catalogKeys.items, fields: FIELDS, tabs, request: getSupplierItems, flags });
  const page = list.query.data as SupplierItemPage | undefined;
  useEffect(() => {
    if (page) setCounts(page.counts);
  }, [page]);
  const [pricing, setPricing] = useState<SupplierItemVO | null>(null);
  const [history, setHistory] = useState<SupplierItemVO | null>(null);
  const [proposing, setProposing] = useState(false);
  const [proposals, setProposals] = useState(false);
  const [duplicates, setDuplicates] = useState(false);
  const [importing, setImporting] = useState(false);
  const [selling, setSelling] = useState<SupplierItemVO | null>(null);
  const [salesOpen, setSalesOpen] = useState(false);
  const [changing, setChanging] = useState<SupplierItemVO | null>(null);
  const deletedTab = list.tab === 'deleted';
  const chosen = list.selection.keys.map(Number);
  const refresh = async () => {
    list.selection.clear();
    await client.invalidateQueries({ queryKey: catalogKeys.items });
  };

  const run = async (work: Promise<unknown>, done: string) => {
    await work;
    feedback.success(done);
    await refresh();
  };
  const shelve = (ids: number[], onShelf: boolean) => void run(setShelf(ids, onShelf), onShelf ? '已上架' : '已下架');
  const remove = (ids: number[]) =>
    feedback.modal().confirm({
      title: `删除所选的 ${ids.length} 件商品？`,
      content: `删除后商品立即从商城下架，${RESTORE_DAYS} 天内可在“已删除”中恢复。`,
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => run(deleteItems(ids), '已删除'),
    });
  const restore = async (ids: number[]) => {
    // one item: show what comes back; several: they come back the same way
    const info = ids.length === 1 ? await getRestoreInfo(ids[0]) : null;
    if (info && !info.restorable) {
      feedback.modal().warning({ title: '不能恢复', content: info.reason ?? '' });
      return;
    }
    feedback.modal().confirm({
      title: info ? `恢复“${info.item.name} ${info.item.spec}”？` : `恢复所选的 ${ids.length} 件商品？`,
      content: '恢复后为下架状态，请核对价格与库存后再上架。',
      okText: '恢复',
      cancelText: '取消',
      onOk: () => run(recoverItems(ids), '已恢复'),
    });
  };

  return (
    <ListPage<SupplierItemVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="supplier-item-search"
      totalCap={list.state.values.keyword ? SUPPLIER_ITEM_SEARCH_COUNT_CAP : SUPPLIER_ITEM_COUNT_CAP}
      toolbar={
        <Flex gap={8}>
          <Can flag="modify">
            <Button onClick={() => setDuplicates(true)}>重复商品</Button>
          </Can>
          <Can flag="modify">
            <Button onClick={() => setImporting(true)} data-testid="price-import-open">
              价格导入
            </Button>
          </Can>
          <Button onClick={() => setSalesOpen(true)}>促销活动</Button>
          <Button onClick={() => setProposals(true)}>新增申请</Button>
          <Can flag="add">
            <Button type="primary" onClick={() => setProposing(true)} data-testid="item-propose">
              新增商品
            </Button>
          </Can>
        </Flex>
      }
      selectable
      batchBar={
        <Can flag="modify">
          <Flex gap={8} align="center" data-testid="item-batch">
            {deletedTab ? (
              <Button disabled={!chosen.length} onClick={() => void restore(chosen)}>
                批量恢复
              </Button>
            ) : (
              <>
                {list.tab === 'offShelf' && (
                  <Button disabled={!chosen.length} onClick={() => shelve(chosen, true)}>
                    批量上架
                  </Button>
                )}
                {list.tab === 'onShelf' && (
                  <Button disabled={!chosen.length} onClick={() => shelve(chosen, false)}>
                    批量下架
                  </Button>
                )}
                <Button danger disabled={!chosen.length} onClick={() => remove(chosen)}>
                  批量删除
                </Button>
              </>
            )}
            <Typography.Text type="secondary">{chosen.length ? `已选 ${chosen.length} 件` : '勾选商品后可批量处理'}</Typography.Text>
          </Flex>
        </Can>
      }
      emptyText={deletedTab ? `近 ${RESTORE_DAYS} 天没有删除的商品` : '没有符合条件的商品'}
      table={{ scroll: { x: 1160 }, size: 'middle' }}
      columns={supplierItemColumns({ deletedTab, remove, restore, setChanging, setHistory, setPricing, setSelling, shelve })}
    >
      <PriceStockModal item={pricing} onClose={() => setPricing(null)} onSaved={refresh} />
      <PriceHistoryDrawer item={history} onClose={() => setHistory(null)} />
      <ItemProposalModal
        open={proposing}
        onClose={() => setProposing(false)}
        onSent={() => {
          setProposing(false);
          void client.invalidateQueries({ queryKey: catalogKeys.proposals });
        }}
      />
      <ProposalsDrawer open={proposals} onClose={() => setProposals(false)} />
      <ItemChangeModal item={changing} onClose={() => setChanging(null)} />
      <DuplicatesDrawer open={duplicates} onClose={() => setDuplicates(false)} onChanged={refresh} />
      <PriceImportDrawer open={importing} onClose={() => setImporting(false)} onApplied={refresh} />
      <SaleModal item={selling} onClose={() => setSelling(null)} onSent={() => setSalesOpen(true)} />
      <SalesDrawer open={salesOpen} onClose={() => setSalesOpen(false)} />
    </ListPage>
  );
}
