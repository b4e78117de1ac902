import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Perm } from '@kc/contracts/platform/permissions';
import { Button } from 'antd';
import { hasPerm } from '../../../../lib/access.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { useAddFavorite, useDeleteFavorites, useFavoriteStatus } from '../api/use-favorite-queries.ts';

/** 收藏 / 已收藏 on the item page: adds the item to my favourites or takes it out; hidden without the favourites permission. */
export function FavoriteButton({ itemId, size = 'large' }: { itemId: number; size?: 'middle' | 'large' }) {
  const { data: info } = useUserAllInfo();
  const allowed = hasPerm(info, Perm.FAVORITE);
  const status = useFavoriteStatus(itemId, allowed);
  const add = useAddFavorite();
  const remove = useDeleteFavorites();
  if (!allowed) return null;
  const on = status.data === true;
  return (
    <Button
      size={size}
      data-testid="item-favorite"
      aria-pressed={on}
      icon={on ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
      disabled={status.isLoading || status.isError}
      loading={add.isPending || remove.isPending}
      onClick={() => (on ? remove.mutate([itemId]) : add.mutate(itemId))}
    >
      {on ? '已收藏' : '收藏'}
    </Button>
  );
}
