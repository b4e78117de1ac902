import { PrinterOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { ORDER_PATHS, openPrintPage } from '../../../../lib/order-paths.ts';

/** The server prints at most this many orders at once (PRINT_LIST_MAX). */
export const BATCH_PRINT_MAX = 50;

/** 批量打印: the chosen orders on /printOrderPl, each on its own A4 page. */
export function BatchPrintButton({ ids }: { ids: number[] }) {
  const tooMany = ids.length > BATCH_PRINT_MAX;
  return (
    <Tooltip title={tooMany ? `一次最多打印 ${BATCH_PRINT_MAX} 个订单` : ids.length ? undefined : '勾选订单后可批量打印'}>
      <Button icon={<PrinterOutlined />} disabled={!ids.length || tooMany} onClick={() => openPrintPage(ORDER_PATHS.printOrderPl, { ids: ids.join(',') })}>
        批量打印{ids.length ? `（${ids.length}）` : ''}
      </Button>
    </Tooltip>
  );
}
