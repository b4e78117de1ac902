import { NoticeBody } from '@kc/contracts/site/content';
import { DatePicker, Flex, Form, Input, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { HtmlEditor } from '../../../../components/html-editor.tsx';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { NOTICE_TYPE_LABELS } from '../api/notice-api.ts';

export const TYPE_OPTIONS = Object.entries(NOTICE_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label }));

export interface NoticeForm {
  instituteId?: number | null;
  title: string;
  content: string;
  type: number;
  top: boolean;
  window?: [Dayjs | null, Dayjs | null] | null;
  roleIds: number[];
  files: UploadedFile[];
}
/** 公告的字段：所属研究所（平台管理员）、标题、类型、置顶、面向角色、发布窗口、附件与内容。 */
export function NoticeFields({
  isNew,
  manyInstitutes,
  instituteOptions,
  roleOptions,
  rolesLoading,
}: {
  isNew: boolean;
  manyInstitutes: boolean;
  instituteOptions: { value: number; label: string }[];
  roleOptions: { value: number; label: string }[];
  rolesLoading: boolean;
}) {
  return (
    <>
      {manyInstitutes && (
        <Form.Item name="instituteId" label="所属研究所（不选为平台公告；研究所公告只有本所用户可见）">
          <Select allowClear options={instituteOptions} placeholder="平台公告" disabled={!isNew} style={{ width: 320 }} />
        </Form.Item>
      )}
      <Form.Item name="title" label="标题" rules={contractRules(NoticeBody.shape.title)}>
        <Input maxLength={100} showCount />
      </Form.Item>
      <Flex gap={24}>
        <Form.Item name="type" label="公告类型" rules={contractRules(NoticeBody.shape.type, '请选择公告类型')} style={{ width: 220 }}>
          <Select options={TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item name="top" label="置顶" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="roleIds" label="面向角色（不选为全部）" style={{ flex: 1 }}>
          <Select mode="multiple" allowClear options={roleOptions} placeholder="全部" loading={rolesLoading} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="window"
        label="发布窗口（发布后在此时间段内可见；不填开始时间即发布即生效，不填结束时间即长期有效）"
        rules={[
          {
            validator: (_, v: NoticeForm['window']) =>
              v?.[0] && v?.[1] && !v[1].isAfter(v[0]) ? Promise.reject(new Error('下线时间须晚于发布时间')) : Promise.resolve(),
          },
        ]}
      >
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowEmpty={[true, true]} placeholder={['发布时间', '下线时间']} />
      </Form.Item>
      <Form.Item name="files" label="附件（图片或 PDF，每个不超过 5 MB）">
        <FilePicker upload={(f) => uploadFiles('notice', f)} max={20} accept="image/jpeg,image/png,image/webp,application/pdf" buttonText="上传附件" />
      </Form.Item>
      <Form.Item name="content" label="内容">
        <HtmlEditor />
      </Form.Item>
    </>
  );
}
