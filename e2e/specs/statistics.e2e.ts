import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin } from '../support/login-page.ts';
import { acceptedOrder } from '../support/order-lifecycle.ts';

// the demo with its year of order history: the team's chart has a year to show
const suite = useBrowserSuite({ name: 'statistics', env: { CATALOG_ITEMS: '3000', DEMO_ORDERS: 'true', DEMO_HISTORY: 'true' } });

describe('统计分析', () => {
  it('the team leader opens 统计分析, sees a year of their team and drills from this month to the order', { timeout: 180_000 }, async () => {
    // buyer1's order of 李明华课题组, accepted by the checker: its spend fact is written with the acceptance
    const order = await acceptedOrder(suite.server.baseUrl, 10_000);
    const page = suite.page;
    await submitLogin(page, 'leader1', 'Demo@2026');
    await page.waitForURL('**/cass/dashbord', { timeout: 45_000 });
    await page.goto('/cass/statistics');

    // the leader may see their own and their team's figures, nothing wider; the team opens first
    const levels = page.getByTestId('stat-levels');
    await expect.poll(() => levels.textContent(), { timeout: 30_000 }).toBe('个人课题组');
    await expect.poll(() => page.getByTestId('stat-month-chart').locator('canvas').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // the demo history: the team bought in (nearly) every one of the last twelve months
    await expect.poll(() => page.getByTestId('stat-months').locator('tr.ant-table-row').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(11);

    // this month's row → the drawer of its order lines, one of them our order, linking to its detail
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    await page.getByTestId('stat-months').getByText(month, { exact: true }).click();
    const lines = page.getByTestId('stat-lines');
    const link = lines.getByRole('link', { name: order.subOrder.subNo });
    await link.waitFor({ timeout: 30_000 });
    await link.click();
    await page.waitForURL(new RegExp(`/cass/order/detail\\?orderId=${order.orderId}$`), { timeout: 30_000 });
  });
});
