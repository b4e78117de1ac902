import { PageConfigBody } from '@kc/contracts/site/content';
import { Flex, Form, Input, InputNumber, Select } from 'antd';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { HtmlEditor } from '../../../../components/html-editor.tsx';
import { uploadFiles } from '../../../../lib/files-api.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { PAGE_CONFIG_KIND_LABELS, PAGE_CONFIG_KINDS } from '../api/page-config-api.ts';

/** 页面配置的字段：类型、标题、排序、图片、链接，政策与下载类另有内容。 */
export function PageConfigFields({ isNew, showText }: { isNew: boolean; showText: boolean }) {
  return (
    <>
      <Flex gap={16}>
        <Form.Item name="kind" label="配置类型" rules={[{ required: true }]} style={{ width: 200 }}>
          <Select disabled={!isNew} options={PAGE_CONFIG_KINDS.map((k) => ({ value: k, label: PAGE_CONFIG_KIND_LABELS[k] }))} />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={contractRules(PageConfigBody.shape.title)} style={{ flex: 1 }}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="sort" label="排序" style={{ width: 100 }}>
          <InputNumber min={0} max={9999} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item name="image" label="图片" extra="JPG、PNG 或 WebP，不超过 5 MB">
        <FilePicker
          upload={(files) => uploadFiles('pageConfig', files)}
          max={1}
          accept="image/jpeg,image/png,image/webp"
          buttonText="上传图片"
          testId="page-config-image"
        />
      </Form.Item>
      <Form.Item name="linkUrl" label="链接地址" rules={contractRules(PageConfigBody.shape.linkUrl, '链接须以 http(s):// 或 / 开头')}>
        <Input placeholder="点击图片或下载时打开的地址，如 /notice 或 https://…" maxLength={500} />
      </Form.Item>
      {showText && (
        <Form.Item name="content" label="内容">
          <HtmlEditor />
        </Form.Item>
      )}
    </>
  );
}
