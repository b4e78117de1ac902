import { ITEM_REMOVED_MESSAGE } from '@kc/contracts/supply/catalog';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { BIG_MALL } from '../mall-paths.ts';

/** /NoItemDetailPage: the item was taken off the shelf or deleted. */
export function NoItemPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={ITEM_REMOVED_MESSAGE}
      subTitle="该商品可能已被供应商下架，您可以在商城中查找同类商品。"
      extra={
        <Button type="primary" onClick={() => navigate(BIG_MALL, { replace: true })}>
          返回商城
        </Button>
      }
    />
  );
}
