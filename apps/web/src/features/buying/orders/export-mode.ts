import { ASYNC_EXPORT_THRESHOLD } from '@kc/contracts/oversight/exports';

/**
 * Whether an order list's 导出 runs in the background (an export record, downloaded from 导出记录):
 * when the user chose 后台导出, or the list holds more than ASYNC_EXPORT_THRESHOLD orders — the
 * synchronous export answers at most 10,000 lines and builds the whole workbook in the request.
 */
export const exportsInBackground = (o: { total?: number; background?: boolean }) => o.background === true || (o.total ?? 0) > ASYNC_EXPORT_THRESHOLD;
