import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedback } from '../../../../lib/feedback.ts';
import { type AddressInput, addRecvAddress, deleteRecvAddress, getPageUserRecAddress, modifyRecvAddress } from './address-api.ts';
import { mallKeys } from './mall-query-keys.ts';

/** The server keeps at most a few dozen addresses per user: the confirm page lists them all. */
export const ALL_ADDRESSES = 100;

export function useAddresses(current = 1, size = ALL_ADDRESSES) {
  return useQuery({
    queryKey: mallKeys.addressPage(current, size),
    queryFn: () => getPageUserRecAddress(current, size),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Adds (no id) or modifies an address; answers the id of the saved address. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddressInput & { id?: number }): Promise<number> => {
      if (input.id) {
        await modifyRecvAddress({ ...input, id: input.id });
        return input.id;
      }
      return (await addRecvAddress(input)).id;
    },
    onSuccess: async () => {
      feedback.success('收货地址已保存');
      await client.invalidateQueries({ queryKey: mallKeys.addresses });
    },
  });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRecvAddress,
    onSuccess: async () => {
      feedback.success('收货地址已删除');
      await client.invalidateQueries({ queryKey: mallKeys.addresses });
    },
  });
}
