import { PRICE_IMPORT_CONFIRM_MINUTES } from '@kc/contracts/supply/catalog-price-imports';
import { Button, Flex, Typography, Upload } from 'antd';
import { saveFile } from '../../../../lib/file-download.ts';
import { downloadPriceTemplate, exportPrices } from '../api/supplier-items-api.ts';
import type { PriceImportModel } from './use-price-import.ts';

/** 下载模板, 导出现价, 上传价格表 and how the sheet is read. */
export function PriceImportToolbar({ model: m, pct }: { model: PriceImportModel; pct: string }) {
  return (
    <Flex gap={8} wrap style={{ marginBottom: 12 }} align="center">
      <Button onClick={() => void m.run(async () => saveFile(await downloadPriceTemplate()))}>下载模板</Button>
      <Button onClick={() => void m.run(async () => saveFile(await exportPrices()))}>导出现价</Button>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          void m.upload(file);
          return false;
        }}
      >
        <Button type="primary" loading={m.busy} data-testid="price-upload">
          上传价格表
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        按品牌、货号与规格匹配商品；未匹配的行填写商品名称、单位与分类即为新增商品（确认后提交平台审核）；单价、库存、货期为空的格保持原值；上传后{' '}
        {PRICE_IMPORT_CONFIRM_MINUTES} 分钟内确认生效，涨跌超过 {pct} 的价格由平台审核后生效。
      </Typography.Text>
    </Flex>
  );
}
