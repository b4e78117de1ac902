import { DeleteOutlined, HeartOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Empty, Flex, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { HazardTags } from '../../../supply/catalog/index.ts';
import type { CartGroup, CartLine } from '../api/cart-api.ts';
import { useCartItems, useCartSum, useDeleteCartItems, useMoveToFavorites } from '../api/use-cart-queries.ts';
import { buyable, pickedSubtotal } from '../cart-lines.ts';
import { CartQuantity } from '../components/cart-quantity.tsx';
import { formatYuan, PriceText } from '../components/price-text.tsx';
import { BIG_MALL, confirmFromCartPath, itemPath, shopPath } from '../mall-paths.ts';

function LineFlags({ line, province }: { line: CartLine; province: string | null }) {
  return (
    <Space size={4} wrap>
      {!line.available && !line.qualificationProblem && <Tag color="default">已下架</Tag>}
      {line.qualificationProblem && (
        <Tag color="red" data-testid="qualification-problem">
          {line.qualificationProblem}
        </Tag>
      )}
      {line.available && line.stock <= 0 && <Tag color="red">缺货</Tag>}
      {line.available && line.stock > 0 && line.overStock && <Tag color="red">库存不足（库存 {line.stock}）</Tag>}
      {line.available && line.outOfArea && (
        <Tag color="orange" data-testid="out-of-area">
          不配送至{province ?? '默认收货地址'}
        </Tag>
      )}
      {line.priceNote && (
        <Tag color="green" data-testid="price-note">
          {line.priceNote}（原价 {formatYuan(line.listPrice)}）
        </Tag>
      )}
      {line.priceChanged && (
        <Tag color="gold" data-testid="price-changed">
          价格已变动 {formatYuan(line.priceAtAdd)} → {formatYuan(line.price)}
        </Tag>
      )}
    </Space>
  );
}

interface GroupProps {
  group: CartGroup;
  /** province of the default address, for the 不配送 flag */
  province: string | null;
  selected: Set<number>;
  onSelect: (ids: number[], checked: boolean) => void;
  onDelete: (ids: number[]) => void;
  onFavorite: (ids: number[]) => void;
}

function CartGroupTable({ group, province, selected, onSelect, onDelete, onFavorite }: GroupProps) {
  const columns: TableColumnsType<CartLine> = [
    {
      title: '商品',
      key: 'item',
      render: (_, l) => (
        <Flex vertical gap={2} style={{ opacity: l.available ? 1 : 0.55 }}>
          <Link to={itemPath(l.itemId)} style={{ fontWeight: 600 }}>
            {l.name}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[l.brand, l.catalogNo && `货号 ${l.catalogNo}`, l.spec, l.grade].filter(Boolean).join(' · ')}
          </Typography.Text>
          <Space size={4} wrap>
            <HazardTags hazards={l.hazards} />
            <LineFlags line={l} province={province} />
          </Space>
        </Flex>
      ),
    },
    {
      title: '单价',
      dataIndex: 'price',
      align: 'right',
      width: 150,
      render: (fen: number, l) => (
        <Flex vertical align="flex-end">
          {l.priceChanged && (
            <Typography.Text delete type="secondary" style={{ fontSize: 12 }}>
              {formatYuan(l.priceAtAdd)}
            </Typography.Text>
          )}
          <PriceText fen={fen} strong={false} />
        </Flex>
      ),
    },
    { title: '数量', key: 'quantity', width: 130, render: (_, l) => <CartQuantity line={l} /> },
    { title: '小计', dataIndex: 'amount', align: 'right', width: 130, render: (fen: number, l) => (l.available ? <PriceText fen={fen} /> : '—') },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_, l) => (
        <Flex vertical align="flex-start">
          <Button type="link" size="small" danger onClick={() => onDelete([l.id])} style={{ padding: 0 }}>
            删除
          </Button>
          <Button type="link" size="small" onClick={() => onFavorite([l.id])} style={{ padding: 0 }}>
            移入收藏
          </Button>
        </Flex>
      ),
    },
  ];
  const selectable = group.lines.filter(buyable).map((l) => l.id);
  const picked = selectable.filter((id) => selected.has(id));
  const subtotal = pickedSubtotal(group, selected);
  return (
    <Card
      size="small"
      data-testid="cart-group"
      title={
        <Space>
          <Checkbox
            checked={selectable.length > 0 && picked.length === selectable.length}
            indeterminate={picked.length > 0 && picked.length < selectable.length}
            disabled={selectable.length === 0}
            onChange={(e) => onSelect(selectable, e.target.checked)}
            aria-label={`选择 ${group.supplierName} 的全部商品`}
          />
          <Link to={shopPath(group.supplierId)}>{group.supplierName}</Link>
        </Space>
      }
      extra={
        <Typography.Text type="secondary">
          已选 {subtotal.lines} 种，小计 <PriceText fen={subtotal.amount} testId="group-subtotal" />
        </Typography.Text>
      }
      styles={{ body: { padding: 0 } }}
    >
      <Table<CartLine>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={group.lines}
        rowSelection={{
          selectedRowKeys: group.lines.filter((l) => selected.has(l.id)).map((l) => l.id),
          getCheckboxProps: (l) => ({ disabled: !buyable(l), 'aria-label': `选择 ${l.name}` }),
          columnTitle: ' ',
          onSelect: (l, checked) => onSelect([l.id], checked),
        }}
      />
    </Card>
  );
}

/** /cart: lines grouped by supplier, selection per group and in all, quantities, flags, batch actions and checkout. */
export function CartPage() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { data: cart, isLoading } = useCartItems();
  const del = useDeleteCartItems();
  const fav = useMoveToFavorites();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const initialised = useRef(false);

  const lines = useMemo(() => cart?.groups.flatMap((g) => g.lines) ?? [], [cart]);
  const selectable = useMemo(() => lines.filter(buyable).map((l) => l.id), [lines]);

  // first load: everything buyable is chosen; later loads drop what disappeared or became unbuyable
  useEffect(() => {
    if (!cart) return;
    if (!initialised.current) {
      initialised.current = true;
      setSelected(new Set(selectable));
      return;
    }
    setSelected((prev) => new Set([...prev].filter((id) => selectable.includes(id))));
  }, [cart, selectable]);

  const ids = useMemo(() => [...selected].sort((a, b) => a - b), [selected]);
  const sum = useCartSum(ids);
  const amount = ids.length ? (sum.data?.amount ?? 0) : 0;

  const select = (changed: number[], checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of changed) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const confirmDelete = (target: number[]) => {
    if (!target.length) return;
    modal.confirm({
      title: '删除商品',
      content: target.length === 1 ? '确定从购物车删除该商品吗？' : `确定从购物车删除选中的 ${target.length} 种商品吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => del.mutateAsync(target),
    });
  };
  const confirmFavorite = (target: number[]) => {
    if (!target.length) return;
    modal.confirm({
      title: '移入收藏',
      content: `将 ${target.length} 种商品移入收藏夹，并从购物车移除？`,
      okText: '移入收藏',
      cancelText: '取消',
      onOk: () => fav.mutateAsync(target),
    });
  };

  if (!isLoading && (!cart || cart.groups.length === 0)) {
    return (
      <Card>
        <Empty description="购物车还是空的">
          <Button type="primary" onClick={() => navigate(BIG_MALL)}>
            去逛逛
          </Button>
        </Empty>
      </Card>
    );
  }

  const allChecked = selectable.length > 0 && ids.length === selectable.length;
  return (
    <Flex vertical gap={12}>
      <Card size="small" loading={isLoading}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          我的购物车（{cart?.count ?? 0}）
        </Typography.Title>
      </Card>
      {cart?.groups.map((g) => (
        <CartGroupTable
          key={g.supplierId}
          group={g}
          province={cart.deliverProvince}
          selected={selected}
          onSelect={select}
          onDelete={confirmDelete}
          onFavorite={confirmFavorite}
        />
      ))}
      <Card size="small" style={{ position: 'sticky', bottom: 0, zIndex: 10, boxShadow: '0 -2px 8px rgba(0,0,0,0.06)' }}>
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space size="middle">
            <Checkbox
              checked={allChecked}
              indeterminate={ids.length > 0 && !allChecked}
              disabled={selectable.length === 0}
              onChange={(e) => setSelected(new Set(e.target.checked ? selectable : []))}
            >
              全选
            </Checkbox>
            <Button icon={<DeleteOutlined />} disabled={!ids.length} onClick={() => confirmDelete(ids)}>
              删除选中
            </Button>
            <Button icon={<HeartOutlined />} disabled={!ids.length} onClick={() => confirmFavorite(ids)}>
              移入收藏
            </Button>
          </Space>
          <Space size="large">
            <Typography.Text>
              已选{' '}
              <Typography.Text strong data-testid="cart-selected-count">
                {ids.length}
              </Typography.Text>{' '}
              种商品
            </Typography.Text>
            <Typography.Text>
              合计：
              <PriceText fen={amount} size={20} testId="cart-total" />
            </Typography.Text>
            <Button type="primary" size="large" disabled={!ids.length} onClick={() => navigate(confirmFromCartPath(ids))}>
              去结算
            </Button>
          </Space>
        </Flex>
      </Card>
    </Flex>
  );
}
