import { DICT } from '@kc/contracts/shared/dicts';
import { QUALIFICATION_TYPES, QualificationBody, type QualificationInput, type QualificationTypeCode } from '@kc/contracts/supply/qualifications';
import { Checkbox, DatePicker, Flex, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { FilePicker } from '../../../../components/file-picker.tsx';
import { useDictOptions } from '../../../../lib/dicts.ts';
import { feedback } from '../../../../lib/feedback.ts';
import { type UploadedFile, uploadFiles } from '../../../../lib/files-api.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { addQualification, type QualificationVO, updateQualification } from '../api/qualifications-api.ts';

interface Values {
  typeCode: QualificationTypeCode;
  number: string;
  authority: string;
  validFrom: Dayjs;
  validTo?: Dayjs;
  longTerm: boolean;
  file: UploadedFile[];
  scope?: string;
}

const TYPE_FALLBACK = QUALIFICATION_TYPES.map((t) => ({ value: t.code, label: t.name }));
const hintOf = (code: string | undefined) => QUALIFICATION_TYPES.find((t) => t.code === code);

/**
 * 新增 / 修改资质: type, number, authority, validity (or 长期有效), the scanned file (PDF or image,
 * uploaded at once) and the licensed scope. Saving sends it to the platform's review; a change to
 * an approved one stops it counting until approved again.
 */
export function QualificationModal({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: QualificationVO | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  // the types offered and their names: the qualification_type dictionary (the built-in list until it loads)
  const typeOptions = useDictOptions(DICT.QUALIFICATION_TYPE, TYPE_FALLBACK).options;
  const [form] = Form.useForm<Values>();
  const longTerm = Form.useWatch('longTerm', form);
  const typeCode = Form.useWatch('typeCode', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        typeCode: editing.typeCode as QualificationTypeCode,
        number: editing.number,
        authority: editing.authority,
        validFrom: dayjs(editing.validFrom),
        validTo: editing.validTo ? dayjs(editing.validTo) : undefined,
        longTerm: editing.validTo === null,
        file: editing.fileName ? [{ id: editing.fileId, name: editing.fileName, size: 0, mime: '', url: editing.fileUrl ?? '' }] : [],
        scope: editing.scope,
      });
    }
  }, [open, editing, form]);

  const save = async () => {
    const v = await form.validateFields();
    const body: QualificationInput = {
      typeCode: v.typeCode,
      number: v.number.trim(),
      authority: v.authority.trim(),
      validFrom: v.validFrom.format('YYYY-MM-DD'),
      validTo: v.longTerm || !v.validTo ? null : v.validTo.format('YYYY-MM-DD'),
      fileId: v.file[0].id,
      scope: (v.scope ?? '').trim(),
    };
    if (editing) await updateQualification(editing.id, body);
    else await addQualification(body);
    feedback.success(editing ? '已修改，等待平台重新审核' : '已提交，等待平台审核');
    onSaved();
  };

  const needed = hintOf(typeCode);
  return (
    <Modal
      open={open}
      title={editing ? '修改资质' : '新增资质'}
      okText="提交审核"
      cancelText="取消"
      width={640}
      onOk={() => void save()}
      onCancel={onClose}
      forceRender
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="qualification" initialValues={{ longTerm: false, file: [] }}>
        <Form.Item
          name="typeCode"
          label="资质类型"
          rules={[{ required: true, message: '请选择资质类型' }]}
          extra={needed?.neededBy.length ? '销售危险化学品、易制毒、易制爆等管制商品时必须具备有效的该资质' : undefined}
        >
          <Select options={typeOptions} placeholder="请选择" />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item name="number" label="证书编号" rules={contractRules(QualificationBody.shape.number)} style={{ flex: 1 }}>
            <Input maxLength={60} placeholder="如 沪（浦）应急管危经许[2024]202318" />
          </Form.Item>
          <Form.Item name="authority" label="发证机关" rules={contractRules(QualificationBody.shape.authority)} style={{ flex: 1 }}>
            <Input maxLength={60} placeholder={needed ? `如 上海市浦东新区${needed.authorityHint}` : '发证机关'} />
          </Form.Item>
        </Flex>
        <Flex gap={16} align="flex-start">
          <Form.Item name="validFrom" label="有效期自" rules={[{ required: true, message: '请选择开始日期' }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item
            name="validTo"
            label="有效期至"
            dependencies={['longTerm', 'validFrom']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: Dayjs | undefined) => {
                  if (getFieldValue('longTerm')) return Promise.resolve();
                  if (!v) return Promise.reject(new Error('请选择结束日期或勾选长期有效'));
                  const from = getFieldValue('validFrom') as Dayjs | undefined;
                  if (from && v.isBefore(from, 'day')) return Promise.reject(new Error('结束日期不能早于开始日期'));
                  return Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker disabled={!!longTerm} />
          </Form.Item>
          <Form.Item name="longTerm" valuePropName="checked" label=" ">
            <Checkbox>长期有效</Checkbox>
          </Form.Item>
        </Flex>
        <Form.Item
          name="file"
          label="证书文件"
          rules={[{ required: true, type: 'array', min: 1, message: '请上传证书扫描件' }]}
          extra="PDF、JPG 或 PNG，不超过 5 MB"
        >
          <FilePicker
            upload={(files) => uploadFiles('qualification', files)}
            max={1}
            accept="image/jpeg,image/png,application/pdf"
            buttonText="上传扫描件"
            testId="qualification-file"
          />
        </Form.Item>
        <Form.Item name="scope" label="许可范围">
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="如 批发（不带储存设施）：易燃液体、腐蚀性物质……" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
