import type { SupplierItemVO } from '@kc/contracts/supply/catalog-supplier-items';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiSession } from '../support/api-session.ts';
import { useBrowserSuite } from '../support/browser-suite.ts';
import { submitLogin, waitForMessage } from '../support/login-page.ts';
import { chooseOption } from '../support/order-pages.ts';

const PASSWORD = 'Demo@2026';
const suite = useBrowserSuite({ name: 'supplier-items', env: { CATALOG_ITEMS: '3000' } });
let page: Page;
beforeEach(() => {
  page = suite.page;
});

describe('商品管理', () => {
  it('supplier1 changes a price (the buyer sees it at once), unshelves, deletes and restores an item', async () => {
    await submitLogin(page, 'supplier1', PASSWORD);
    await page.waitForURL('**/cassSupplier/dashbord');
    await page.getByRole('menuitem', { name: '商品管理' }).click();
    await page.waitForURL('**/cassSupplier/item');
    const first = page.locator('.ant-table-row').first();
    await first.waitFor();
    const name = (await first.getByTestId('item-name').innerText()).trim();
    const rowKey = await first.getAttribute('data-row-key');

    // 改价/库存: ¥123.40 and 50 in stock, effective at once
    const row = page.locator(`.ant-table-row[data-row-key="${rowKey}"]`);
    await row.getByRole('button', { name: '改价/库存' }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '改价与库存' });
    await dialog.getByLabel('单价（元）').fill('123.4');
    await dialog.getByLabel('库存').fill('50');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await waitForMessage(page, '已保存');
    expect(await row.getByTestId('item-price').getAttribute('data-fen')).toBe('12340');
    await row.getByRole('button', { name: '价格历史' }).click();
    await page.locator('.ant-drawer').getByText('手动改价').waitFor();
    await page.locator('.ant-drawer-close').click();
    await page.locator('.ant-drawer-content').waitFor({ state: 'hidden' });

    const buyerCtx = await suite.newContext();
    const buyer = await buyerCtx.newPage();
    await submitLogin(buyer, 'buyer1', PASSWORD);
    await buyer.waitForURL('**/cass/dashbord');
    await buyer.goto(`/item_detail.lf?id=${rowKey}`);
    await buyer.getByText('¥123.40').first().waitFor();

    // 下架, then 删除 from 已下架, then 恢复 from 已删除: it comes back off the shelf
    await row.getByRole('button', { name: '下架' }).click();
    await waitForMessage(page, '已下架');
    await page.getByRole('tab', { name: /已下架/ }).click();
    await page.getByRole('button', { name: /查\s*询/ }).waitFor();
    await page.locator('input[placeholder="名称、CAS 号或货号"]').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await row.waitFor();
    await row.getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await waitForMessage(page, '已删除');
    await page.getByRole('tab', { name: /已删除/ }).click();
    await row.getByText(/剩 30 天/).waitFor();
    await row.getByRole('button', { name: '恢复' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /恢\s*复/ })
      .click();
    await waitForMessage(page, '已恢复');
    await page.getByRole('tab', { name: /已下架/ }).click();
    await row.waitFor();
    await buyerCtx.close();
  });

  it('supplier1 proposes a new item; the platform approves it from 商品审核 and the buyer finds it by its 货号', async () => {
    await submitLogin(page, 'supplier1', PASSWORD);
    await page.waitForURL('**/cassSupplier/dashbord');
    await page.goto('/cassSupplier/item');
    await page.getByTestId('item-propose').click();
    const form = page.locator('.ant-modal').filter({ hasText: '新增商品' });
    await form.getByLabel('商品名称').fill('4-溴苯硼酸');
    await form.getByLabel('英文名称').fill('4-Bromophenylboronic acid');
    await form.getByLabel('CAS 号').fill('5467-74-3');
    // like the category below: a click during the dropdown's opening animation can miss, so pick until the field shows it
    const brandShown = async () => (await form.locator('.ant-form-item', { hasText: '品牌' }).first().innerText()).includes('国药(沪试)');
    await chooseOption(page, form.getByLabel('品牌'), '国药(沪试)', brandShown);
    await form.getByLabel('货号').fill('XW5467743');
    await form.getByLabel('规格').fill('25g');
    // the tree opens with an animation: a click during it can miss, so click until the field shows the choice
    await form.getByLabel('商品分类').click();
    const chosen = form.locator('.ant-form-item', { hasText: '商品分类' }).getByText('有机试剂', { exact: true });
    await expect
      .poll(async () => {
        if ((await chosen.count()) === 0) {
          if (!(await page.locator('.ant-select-tree').isVisible())) await form.getByLabel('商品分类').click();
          await page
            .locator('.ant-select-tree')
            .getByText('有机试剂', { exact: true })
            .click({ timeout: 5_000 })
            .catch(() => undefined);
        }
        return (await chosen.count()) > 0;
      })
      .toBe(true);
    await form.getByLabel('单价（元）').fill('368');
    await form.getByLabel('库存').fill('40');
    await form.getByLabel('结构式（SMILES，可选）').fill('OB(O)c1ccc(Br)cc1');
    await form.getByRole('button', { name: '提交审核' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByText(/已提交平台审核/)
      .waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button').click();
    await page.getByRole('button', { name: '新增申请' }).click();
    await page.locator('.ant-drawer').getByText('待审核').waitFor();

    const adminCtx = await suite.newContext();
    const admin = await adminCtx.newPage();
    await submitLogin(admin, 'admin', 'Admin@2026');
    await admin.waitForURL('**/cass/dashbord');
    await admin.goto('/cass/system/itemReview');
    const row = admin.locator('.ant-table-row').filter({ hasText: 'XW5467743' });
    await row.getByRole('button', { name: '通过' }).click();
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await waitForMessage(admin, '已通过');
    await adminCtx.close();

    const buyerCtx = await suite.newContext();
    const buyer = await buyerCtx.newPage();
    await submitLogin(buyer, 'buyer1', PASSWORD);
    await buyer.waitForURL('**/cass/dashbord');
    await buyer.goto('/search?q=XW5467743');
    await buyer.getByTestId('search-result').filter({ hasText: '4-溴苯硼酸' }).waitFor();
    expect(await buyer.getByTestId('search-result').locator('img').first().getAttribute('src')).toMatch(/\/mall\/v1\/noauth\/picture\/itm-\d+\.svg$/);
    await buyerCtx.close();
  });

  it('supplier1 imports a price sheet with two bad rows, fixes them and confirms; the buyer’s cart shows the new price; the import is rolled back', async () => {
    const base = suite.server.baseUrl;
    const supplierApi = await ApiSession.login(base, 'supplier1', PASSWORD);
    const listed = await supplierApi.get<{ records: SupplierItemVO[] }>('/supplier/v1/item/plist?tab=onShelf&current=1&size=50');
    const [a, b] = listed.records.filter((x) => x.catalogNo && x.brand && x.stock > 0).slice(5, 7);
    const buyerApi = await ApiSession.login(base, 'buyer1', PASSWORD);
    await buyerApi.post('/mall/v1/cart/add', { itemId: a.id, quantity: 1 });
    const newA = Math.round(a.price * 1.1);
    const newB = Math.round(b.price * 0.95);
    const yuan = (fen: number) => (fen / 100).toFixed(2);

    await submitLogin(page, 'supplier1', PASSWORD);
    await page.waitForURL('**/cassSupplier/dashbord');
    await page.goto('/cassSupplier/item');
    await page.getByTestId('price-import-open').click();
    const drawer = page.getByTestId('price-import');
    const upload = async (rows: string[][]) =>
      drawer.locator('input[type=file]').setInputFiles({ name: '价格表.xlsx', mimeType: XLSX, buffer: await priceSheet(rows) });

    // two bad rows: a price that is no number, a 货号 the supplier does not sell
    await upload([
      [a.catalogNo as string, a.brand as string, a.spec, yuan(newA)],
      [b.catalogNo as string, b.brand as string, b.spec, '十二元'],
      ['NO-SUCH-42', a.brand as string, a.spec, '10'],
    ]);
    await waitForMessage(page, '价格表有 2 行错误，请下载错误报告修改后重新上传');
    await drawer.getByText(/金额“十二元”格式不正确/).waitFor();
    await drawer.getByText(/未找到该品牌、货号与规格/).waitFor();
    expect(await drawer.getByTestId('price-confirm').isDisabled()).toBe(true);
    await drawer.getByRole('button', { name: /放\s*弃/ }).click();
    await waitForMessage(page, '已放弃本次导入');

    // fixed: both rows apply at once, and a row for an item not sold yet goes to the platform's review
    await upload([
      [a.catalogNo as string, a.brand as string, a.spec, yuan(newA)],
      [b.catalogNo as string, b.brand as string, b.spec, yuan(newB)],
      ['E2E-NEW-01', a.brand as string, '25g', '12.00', '硫酸铜', '瓶', '化学试剂/无机试剂'],
    ]);
    await waitForMessage(page, '校验通过，请核对预览后确认导入');
    await drawer.getByText('新增商品，确认后提交平台审核').waitFor();
    await drawer.getByTestId('price-confirm').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认导入' }).click();
    await waitForMessage(page, '导入已生效，1 个新增商品已提交平台审核');
    await drawer.getByTestId('import-status').filter({ hasText: '已生效' }).waitFor();

    const buyerCtx = await suite.newContext();
    const buyer = await buyerCtx.newPage();
    await submitLogin(buyer, 'buyer1', PASSWORD);
    await buyer.waitForURL('**/cass/dashbord');
    await buyer.goto('/cart');
    await buyer
      .getByTestId('price-changed')
      .filter({ hasText: `¥${yuan(newA)}` })
      .waitFor();
    await buyerCtx.close();

    await drawer.getByRole('tab', { name: '导入记录' }).click();
    await drawer.getByTestId('price-rollback').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '撤销导入' }).click();
    await waitForMessage(page, '已撤销本次导入，价格已恢复；1 个审核中的新增商品申请已撤回');
    const after = await supplierApi.get<{ records: SupplierItemVO[] }>(
      `/supplier/v1/item/plist?tab=onShelf&current=1&size=5&keyword=${encodeURIComponent(a.catalogNo as string)}`,
    );
    expect(after.records.find((x) => x.id === a.id)?.price).toBe(a.price);
  });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A price sheet as a supplier fills the template: 货号, 品牌, 规格, 单价（元）, and for a new item 商品名称, 单位, 分类. */
async function priceSheet(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('价格表');
  ws.addRow(['货号', '品牌', '规格', '单价（元）', '商品名称', '单位', '分类']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
