import { SHOP_CLOSED_MESSAGE } from '@kc/contracts/supply/catalog';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { BIG_MALL } from '../mall-paths.ts';

/** /NoShopDetailPage: the supplier's shop is closed. */
export function NoShopPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={SHOP_CLOSED_MESSAGE}
      subTitle="该店铺暂停营业，您可以在商城中查看其他供应商的商品。"
      extra={
        <Button type="primary" onClick={() => navigate(BIG_MALL, { replace: true })}>
          返回商城
        </Button>
      }
    />
  );
}
