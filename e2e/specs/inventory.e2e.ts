import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin } from '../support/login-page.ts';
import { acceptedOrder } from '../support/order-lifecycle.ts';

const PASSWORD = 'Demo@2026';
const suite = useBrowserSuite({ name: 'inventory', env: { CATALOG_ITEMS: '3000' }, pagePerTest: false });

interface Container {
  id: number;
  code: string;
  quantityLeft: number;
  unit: string;
}

async function actor(userName: string): Promise<Page> {
  const page = await suite.newPage();
  await submitLogin(page, userName, PASSWORD);
  await page.waitForURL('**/cass/dashbord', { timeout: 45_000 });
  return page;
}

describe('库存', () => {
  it('an accepted order appears in the team stock with a printable label; a member of the team takes some out', async () => {
    const base = suite.server.baseUrl;
    const { subOrder } = await acceptedOrder(base, 10_000);
    // the member is buyer1's colleague in 李明华课题组 (助理): team stock is shared
    const member = await ApiSession.login(base, 'assistant1', PASSWORD);
    const [made] = await member.get<{ containers: Container[] }[]>(`/mall/v1/inventory/listBySupplierOrderIds?ids=${subOrder.id}`);
    expect(made.containers.length).toBeGreaterThan(0);
    const c = made.containers[0];
    const label = await member.raw('GET', `/mall/v1/inventory/labels/pdf?ids=${c.id}`);
    expect(label.headers.get('content-type')).toContain('application/pdf');

    const page = await actor('assistant1');
    await page.goto(`/cass/inventory/containers?code=${c.code}`);
    await page.getByTestId(`inventory-open-${c.code}`).click({ timeout: 30_000 });
    await page.getByTestId('container-label').waitFor();
    await page.getByTestId('container-stock-out').click();
    const amount = 1;
    await page.getByTestId('stock-out-amount').fill(String(amount));
    await page.getByTestId('stock-out-check').filter({ hasText: '可领用' }).waitFor({ timeout: 15_000 });
    const answer = page.waitForResponse(
      (r) => r.url().includes('/mall/v1/inventory/stockOut') && !r.url().includes('validate') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: '确认领用' }).click();
    const body = (await (await answer).json()) as { code: number; data: { slipId: number } };
    expect(body.code).toBe(200);

    const after = await member.get<Container & { ledger: { kind: string; delta: number; personName: string }[] }>(`/mall/v1/inventory/detail/${c.id}`);
    expect(after.quantityLeft).toBe(c.quantityLeft - amount);
    expect(after.ledger.at(-1)).toMatchObject({ kind: 'stock_out', delta: -amount, personName: '周婷' });
    // the 出库单 prints for the member
    const slip = await page.context().newPage();
    await slip.goto(`/printOutboundOrder?id=${body.data.slipId}`);
    await slip.getByTestId('slip-sheet').filter({ hasText: c.code }).waitFor({ timeout: 30_000 });
  }, 180_000);
});
