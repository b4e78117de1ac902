import { ManualBody } from '@kc/contracts/site/content-notices-manuals';
import { Form, Input, Select } from 'antd';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';

export const MANUAL_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** 操作手册的字段：名称、适用角色、说明、文件（更换即新版本）、版本说明。 */
export function ManualFields({ roleOptions, rolesLoading }: { roleOptions: { value: number; label: string }[]; rolesLoading: boolean }) {
  return (
    <>
      <Form.Item name="title" label="手册名称" rules={contractRules(ManualBody.shape.title)}>
        <Input maxLength={100} showCount />
      </Form.Item>
      <Form.Item name="roleIds" label="适用角色" rules={[{ required: true, message: '请选择适用角色' }]}>
        <Select mode="multiple" options={roleOptions} loading={rolesLoading} placeholder="请选择" />
      </Form.Item>
      <Form.Item name="description" label="说明">
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <Form.Item
        name="files"
        label="手册文件（PDF 或 Word，不超过 10 MB；更换文件即生成新版本）"
        rules={[{ validator: (_, v: UploadedFile[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error('请上传手册文件'))) }]}
      >
        <FilePicker upload={(f) => uploadFiles('manual', f)} max={1} accept={MANUAL_ACCEPT} buttonText="上传文件" testId="manual-file" />
      </Form.Item>
      <Form.Item name="note" label="版本说明">
        <Input maxLength={200} placeholder="如：新增报销章节" />
      </Form.Item>
    </>
  );
}
