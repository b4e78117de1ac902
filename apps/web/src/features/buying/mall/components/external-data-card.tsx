import { EXTERNAL_UNAVAILABLE } from '@kc/contracts/supply/external';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { lookupExternal } from '../api/external-api.ts';
import { mallKeys } from '../api/mall-query-keys.ts';

/**
 * 外部资料: what the registered external product-data service says about this item (looked up by
 * CAS number, else 货号). The server gives up after one second and never fails the page: when the
 * service is down the card says so; when none is configured there is no card.
 */
export function ExternalDataCard({ lookupId }: { lookupId: string | null }) {
  const id = lookupId && /^[A-Za-z0-9._-]{1,40}$/.test(lookupId) ? lookupId : null;
  const { data, isLoading, isError } = useQuery({
    queryKey: mallKeys.externalItem(id),
    queryFn: () => lookupExternal('item', id ?? ''),
    enabled: id !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!id || (data && !data.configured)) return null;
  return (
    <Card size="small" title={`外部资料${data?.source ? `（${data.source}）` : ''}`} data-testid="item-external">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : isError || !data?.available ? (
        <Typography.Text type="secondary">{data?.message ?? EXTERNAL_UNAVAILABLE}</Typography.Text>
      ) : (
        <Descriptions size="small" column={2} items={data.fields.map((f) => ({ key: f.label, label: f.label, children: f.value }))} />
      )}
    </Card>
  );
}
