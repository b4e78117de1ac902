import { HeartOutlined } from '@ant-design/icons';
import { Perm } from '@kc/contracts/platform/permissions';
import { App, Button, Empty, Flex, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { pageAfterRemoval } from '../../../../components/list-page/list-state.ts';
import { hasPerm } from '../../../../lib/access.ts';
import { shanghaiTime } from '../../../../lib/format.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { HazardTags } from '../../../supply/catalog/index.ts';
import { type FavoriteVO, getFavoritePage } from '../api/favorite-api.ts';
import { mallKeys } from '../api/mall-query-keys.ts';
import { useDeleteFavorites } from '../api/use-favorite-queries.ts';
import { AddToCart } from '../components/add-to-cart.tsx';
import { ItemImage } from '../components/item-card.tsx';
import { PriceText } from '../components/price-text.tsx';
import { canAddToCart, favoriteFlag, hasItemPage } from '../favorites-state.ts';
import { BIG_MALL, itemPath } from '../mall-paths.ts';

const FIELDS: ListField[] = [{ kind: 'text', name: 'keyword', label: '商品', placeholder: '商品名称或 CAS 号', maxLength: 50, width: 240 }];

/**
 * /cass/favorites (menu 我的收藏): the items I keep, newest first, with their current price, stock
 * and shelf state. Items taken off the shelf or deleted stay listed and marked; 加入购物车 is
 * offered for what can be bought now; 取消收藏 one by one or for the chosen rows, after a confirmation.
 */
export function FavoritesPage({ entry, home }: MenuPageProps) {
  const { modal } = App.useApp();
  const { data: info } = useUserAllInfo();
  const canBuy = hasPerm(info, Perm.ORDER_BUY);
  // one's own favourites: no page flags apply
  const list = useListPage<FavoriteVO>({
    queryKey: mallKeys.favoriteList,
    fields: FIELDS,
    request: ({ current, size, keyword }) => getFavoritePage(current, size, String(keyword ?? '')),
    rowKey: (f) => f.itemId,
  });
  const del = useDeleteFavorites();
  const keyword = String(list.state.values.keyword ?? '');

  const confirmRemove = (items: FavoriteVO[]) => {
    if (!items.length) return;
    const ids = items.map((f) => f.itemId);
    modal.confirm({
      title: '取消收藏',
      content: items.length === 1 ? `确定取消收藏“${items[0].name}”吗？` : `确定取消收藏选中的 ${items.length} 个商品吗？`,
      okText: '取消收藏',
      okButtonProps: { danger: true },
      cancelText: '再想想',
      onOk: async () => {
        const { count } = await del.mutateAsync(ids);
        list.selection.set((prev) => prev.filter((id) => !ids.includes(Number(id))));
        const { current, size } = list.state;
        const next = pageAfterRemoval(current, size, list.total, count);
        if (next !== current) list.setPage(next, size);
      },
    });
  };

  const columns: TableColumnsType<FavoriteVO> = [
    {
      title: '商品',
      key: 'item',
      render: (_, f) => {
        const flag = favoriteFlag(f);
        const live = hasItemPage(f);
        return (
          <Flex gap={12} align="center" style={{ opacity: f.state === 'onShelf' ? 1 : 0.6 }}>
            <ItemImage src={f.image} size={56} />
            <Flex vertical gap={2}>
              {live ? (
                <Link to={itemPath(f.itemId)} style={{ fontWeight: 600 }}>
                  {f.name}
                </Link>
              ) : (
                <Typography.Text strong>{f.name}</Typography.Text>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[f.brand, f.catalogNo && `货号 ${f.catalogNo}`, f.spec, f.grade].filter(Boolean).join(' · ')}
              </Typography.Text>
              <Space size={4} wrap>
                <HazardTags hazards={f.hazards} />
                {flag && (
                  <Tag color={flag.color} data-testid="favorite-flag">
                    {flag.label}
                  </Tag>
                )}
              </Space>
            </Flex>
          </Flex>
        );
      },
    },
    { title: 'CAS 号', dataIndex: 'cas', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '供应商', dataIndex: 'supplierName', width: 180, ellipsis: true },
    {
      title: '现价',
      dataIndex: 'price',
      align: 'right',
      width: 130,
      render: (fen: number, f) => (
        <span>
          <PriceText fen={fen} strong={false} />
          <Typography.Text type="secondary"> / {f.unit}</Typography.Text>
        </span>
      ),
    },
    { title: '库存', dataIndex: 'stock', align: 'right', width: 80, render: (n: number, f) => (f.state === 'onShelf' ? n : '—') },
    { title: '收藏时间', dataIndex: 'favoritedAt', width: 150, render: (v: string) => shanghaiTime(v) },
    {
      title: '操作',
      key: 'action',
      width: 230,
      render: (_, f) => (
        <Flex gap={8} align="center" wrap>
          {canBuy && canAddToCart(f) ? (
            <AddToCart itemId={f.itemId} stock={f.stock} size="small" />
          ) : canBuy ? (
            <Button size="small" disabled>
              {f.state === 'onShelf' ? '缺货' : '不可购买'}
            </Button>
          ) : null}
          <Button type="link" size="small" danger onClick={() => confirmRemove([f])} style={{ padding: 0 }}>
            取消收藏
          </Button>
        </Flex>
      ),
    },
  ];

  const chosen = list.selection.rows;
  return (
    <ListPage<FavoriteVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="favorite-search"
      searchExtra={
        <Space>
          <Typography.Text type="secondary">已选 {chosen.length} 项</Typography.Text>
          <Button danger disabled={!chosen.length} onClick={() => confirmRemove(chosen)} data-testid="favorite-batch-remove">
            批量取消收藏
          </Button>
        </Space>
      }
      columns={columns}
      selectable={{ getCheckboxProps: (f) => ({ 'aria-label': `选择 ${f.name}` }) }}
      table={{ size: 'middle' }}
      emptyText={
        <Empty
          image={<HeartOutlined style={{ fontSize: 48, color: '#d9d9d9' }} />}
          description={keyword ? `没有名称或 CAS 号匹配“${keyword}”的收藏` : '收藏夹还是空的：在商品详情页点击“收藏”即可加入'}
        >
          {!keyword && <Link to={BIG_MALL}>去商城逛逛</Link>}
        </Empty>
      }
    />
  );
}
