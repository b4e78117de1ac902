import type { BidProjectDetail, SupplierBidDetail } from '@kc/contracts/buying/bids';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin } from '../support/login-page.ts';

const PASSWORD = 'Demo@2026';
const suite = useBrowserSuite({ name: 'bids', env: { CATALOG_ITEMS: '300' }, pagePerTest: false });
type Detail = z.infer<typeof BidProjectDetail>;
type Offer = z.infer<typeof SupplierBidDetail>;
const json = (v: unknown) => JSON.stringify(v);

/**
 * A sealed bid with three suppliers: the buyer publishes (API), 国药 and 阿拉丁 bid by API, 麦克林
 * bids in the browser (投标 page), the opening job opens it at its deadline, and the buyer's award
 * becomes an order in the approval chain.
 */
describe('bids: publish, three sealed bids, opening at the deadline, award into an order', () => {
  it('works end to end', { timeout: 120_000 }, async () => {
    const base = suite.server.baseUrl;
    const [buyer, s1, s2] = await Promise.all(['buyer1', 'supplier1', 'supplier2'].map((u) => ApiSession.login(base, u, PASSWORD)));
    const suppliers = await buyer.send<{ id: number; name: string }[]>('GET', '/mall/v1/bid/suppliers');
    const addr = await buyer.send<{ id: number }>(
      'POST',
      '/mall/v1/recvAddress/add',
      json({ province: '北京市', city: '北京市', district: '海淀区', detail: '中关村北一街2号 化学所1号楼301', contact: '王晓明', phone: '13810230001' }),
    );
    // the deadline leaves time for the browser bid; the opening job runs when it passes
    const deadline = new Date(Date.now() + 45_000).toISOString();
    const { id } = await buyer.send<{ id: number }>(
      'POST',
      '/mall/v1/bid/add',
      json({
        title: 'E2E 色谱溶剂招标',
        lines: [
          { name: '乙腈 色谱纯', spec: '4L', cas: '75-05-8', quantity: 10, unit: '瓶' },
          { name: '甲醇 色谱纯', spec: '4L', cas: '67-56-1', quantity: 5, unit: '瓶' },
        ],
        ceilingAmount: 1_000_000,
        deadline,
        addressId: addr.id,
        inviteMode: 'invited',
        supplierIds: suppliers.slice(0, 3).map((s) => s.id),
        remark: '',
      }),
    );
    const lines = (await buyer.send<Detail>('GET', `/mall/v1/bid/detail/${id}`)).lines;
    const bid = (s: ApiSession, prices: number[]) =>
      s.send('POST', '/supplier/v1/bid/submit', json({ projectId: id, lines: lines.map((l, i) => ({ lineId: l.id, unitPrice: prices[i] })), deliveryDays: 3 }));
    await bid(s1, [40_000, 20_000]);
    await bid(s2, [41_000, 21_000]);

    // 麦克林 in the browser: 投标 → the project → unit prices → 提交投标
    const page = await suite.newPage();
    await submitLogin(page, 'supplier3', PASSWORD);
    await page.waitForURL('**/cassSupplier/**', { timeout: 45_000 });
    await page.goto(`${base}/cassSupplier/bid?detail=${id}`);
    await page.getByTestId('bid-price-0').fill('380');
    await page.getByTestId('bid-price-1').fill('190');
    await expect.poll(() => page.getByTestId('bid-total').innerText()).toContain('4,750.00');
    await page.getByTestId('bid-submit').click();
    await expect.poll(() => page.getByTestId('my-bid-state').innerText(), { timeout: 20_000 }).toBe('已投标');

    // before the deadline the buyer sees no bid at all
    expect((await buyer.send<Detail>('GET', `/mall/v1/bid/detail/${id}`)).result).toBeNull();

    // the deadline passes; the scheduled job opens the bids
    let d = await buyer.send<Detail>('GET', `/mall/v1/bid/detail/${id}`);
    for (let i = 0; i < 60 && d.state === 'bidding'; i++) {
      await new Promise((r) => setTimeout(r, 1_000));
      d = await buyer.send<Detail>('GET', `/mall/v1/bid/detail/${id}`);
    }
    expect(d.state).toBe('opened');
    expect(d.result?.map((r) => [r.rank, r.totalAmount])).toEqual([
      [1, 475_000],
      [2, 500_000],
      [3, 515_000],
    ]);

    // the buyer awards in the browser: 招标采购 → detail → 定标
    const buyerPage = await suite.newPage();
    await submitLogin(buyerPage, 'buyer1', PASSWORD);
    await buyerPage.waitForURL('**/cass/**', { timeout: 45_000 });
    await buyerPage.goto(`${base}/cass/bid/projects?detail=${id}`);
    await buyerPage.getByTestId('bid-award').click();
    await buyerPage.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(async () => (await buyer.send<Detail>('GET', `/mall/v1/bid/detail/${id}`)).state, { timeout: 20_000 }).toBe('awarded');
    const awarded = await buyer.send<Detail>('GET', `/mall/v1/bid/detail/${id}`);
    expect(awarded.orderNo).toMatch(/^PO/);
    const order = await buyer.send<{ totalAmount: number; status: string }>('GET', `/mall/v1/order-detail/${awarded.orderId}`);
    expect(order.totalAmount).toBe(475_000);
    const won = await ApiSession.login(base, 'supplier3', PASSWORD);
    expect((await won.send<Offer>('GET', `/supplier/v1/bid/detail/${id}`)).myBid?.state).toBe('won');
  });
});
