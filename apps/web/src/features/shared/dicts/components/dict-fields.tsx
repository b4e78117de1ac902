import { DictAddBody } from '@kc/contracts/shared/dicts';
import { Form, Input, InputNumber } from 'antd';
import { contractRules } from '../../../../lib/zod-rule.ts';
import type { DictTypeVO } from '../api/dicts-api.ts';

export const ITEM_FIELD = DictAddBody.options[1].shape;

export type Item = DictTypeVO['items'][number];

export type Editing = { kind: 'type' } | { kind: 'item'; type: DictTypeVO; item?: Item };

/** The request schemas' fields: a new type, a new item. */
export const TYPE_FIELD = DictAddBody.options[0].shape;

/** 字典或字典项的字段：新增字典时编码、名称、说明；字典项时值、显示名称、排序。 */
export function DictFields({ editing }: { editing: Editing | null }) {
  return (
    <>
      {editing?.kind === 'type' ? (
        <>
          <Form.Item name="code" label="编码" rules={contractRules(TYPE_FIELD.code)}>
            <Input placeholder="如 lab_grade" />
          </Form.Item>
          <Form.Item name="name" label="名称" rules={contractRules(TYPE_FIELD.name)}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="remark" label="说明">
            <Input.TextArea maxLength={200} rows={2} />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="value" label="字典值" rules={contractRules(ITEM_FIELD.value)}>
            <Input maxLength={40} disabled={editing?.kind === 'item' && !!editing.item} />
          </Form.Item>
          <Form.Item name="label" label="显示名称" rules={contractRules(ITEM_FIELD.label)}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </>
      )}
    </>
  );
}
