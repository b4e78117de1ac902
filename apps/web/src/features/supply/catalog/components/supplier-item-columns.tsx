import { RESTORE_DAYS } from '@kc/contracts/supply/catalog-supplier-items';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can } from '../../../../components/page-flags.tsx';
import type { SupplierItemVO } from '../api/supplier-items-api.ts';
import { HazardTags } from './hazard-tags.tsx';

export const daysLeft = (deletedAt: string | null) => (deletedAt ? Math.max(0, RESTORE_DAYS - dayjs().diff(dayjs(deletedAt), 'day')) : 0);

/** 商品的列：商品、价格与库存、状态；改价、历史、促销、变更、上下架、删除与恢复回到页面。 */
export const supplierItemColumns = ({
  deletedTab,
  remove,
  restore,
  setChanging,
  setHistory,
  setPricing,
  setSelling,
  shelve,
}: {
  deletedTab: boolean;
  remove: (ids: number[]) => void;
  restore: (ids: number[]) => unknown;
  setChanging: (item: SupplierItemVO) => void;
  setHistory: (item: SupplierItemVO) => void;
  setPricing: (item: SupplierItemVO) => void;
  setSelling: (item: SupplierItemVO) => void;
  shelve: (ids: number[], onShelf: boolean) => void;
}): TableColumnsType<SupplierItemVO> => [
  {
    title: '商品名称',
    key: 'name',
    width: 240,
    render: (_, it) => (
      <Flex vertical gap={2}>
        <span data-testid="item-name">{it.name}</span>
        {it.nameEn && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {it.nameEn}
          </Typography.Text>
        )}
        <span>
          <HazardTags hazards={it.hazards} />
        </span>
      </Flex>
    ),
  },
  { title: 'CAS 号', dataIndex: 'cas', width: 110, render: (v: string | null) => v ?? '—' },
  { title: '品牌 / 货号', key: 'brand', width: 150, render: (_, it) => `${it.brand ?? '—'} / ${it.catalogNo ?? '—'}` },
  { title: '规格', key: 'spec', width: 110, render: (_, it) => [it.spec, it.grade].filter(Boolean).join(' · ') },
  { title: '价格（元）', dataIndex: 'price', width: 110, align: 'right', render: (fen: number) => <MoneyCell fen={fen} testId="item-price" /> },
  { title: '库存', dataIndex: 'stock', width: 80, align: 'right', render: (n: number) => (n === 0 ? <Tag color="red">缺货</Tag> : n) },
  deletedTab
    ? {
        title: '删除时间',
        dataIndex: 'deletedAt',
        width: 150,
        render: (v: string | null) => (v ? `${dayjs(v).format('YYYY-MM-DD HH:mm')}（剩 ${daysLeft(v)} 天）` : '已超过 30 天'),
      }
    : { title: '销量', dataIndex: 'sales', width: 70, align: 'right' },
  {
    title: '操作',
    key: 'actions',
    width: 260,
    fixed: 'right',
    render: (_, it) => (
      <Can flag="modify">
        <Flex gap={4} wrap>
          {deletedTab ? (
            <Button type="link" size="small" onClick={() => void restore([it.id])}>
              恢复
            </Button>
          ) : (
            <>
              <Button type="link" size="small" onClick={() => setPricing(it)}>
                改价/库存
              </Button>
              <Button type="link" size="small" onClick={() => setChanging(it)}>
                修改信息
              </Button>
              {it.onShelf && (
                <Button type="link" size="small" onClick={() => setSelling(it)}>
                  促销
                </Button>
              )}
              <Button type="link" size="small" onClick={() => shelve([it.id], !it.onShelf)}>
                {it.onShelf ? '下架' : '上架'}
              </Button>
              <Button type="link" size="small" danger onClick={() => remove([it.id])}>
                删除
              </Button>
            </>
          )}
          <Button type="link" size="small" onClick={() => setHistory(it)}>
            价格历史
          </Button>
        </Flex>
      </Can>
    ),
  },
];
