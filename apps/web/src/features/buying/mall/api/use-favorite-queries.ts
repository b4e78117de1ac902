import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedback } from '../../../../lib/feedback.ts';
import { addFavorite, deleteFavorites, getFavoriteStatus } from './favorite-api.ts';
import { mallKeys } from './mall-query-keys.ts';

/** Whether the item is in my favourites (the item page's 收藏 button); off when the user may not keep favourites. */
export function useFavoriteStatus(itemId: number, enabled: boolean) {
  return useQuery({
    queryKey: mallKeys.favoriteStatus(itemId),
    queryFn: () => getFavoriteStatus(itemId),
    enabled: enabled && itemId > 0,
    select: (d) => d.favorited,
  });
}

export function useAddFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onSuccess: async (_, itemId) => {
      feedback.success('已收藏');
      client.setQueryData(mallKeys.favoriteStatus(itemId), { favorited: true });
      await client.invalidateQueries({ queryKey: mallKeys.favorites });
    },
  });
}

export function useDeleteFavorites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFavorites,
    onSuccess: async (answer, itemIds) => {
      feedback.success(itemIds.length > 1 ? `已取消 ${answer.count} 个收藏` : '已取消收藏');
      for (const id of itemIds) client.setQueryData(mallKeys.favoriteStatus(id), { favorited: false });
      await client.invalidateQueries({ queryKey: mallKeys.favorites });
    },
  });
}
