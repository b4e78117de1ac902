import type { DeptOption } from '@kc/contracts/identity/uac';
import { Button, Flex, Radio, Typography } from 'antd';
import Checkbox from 'antd/es/checkbox/Checkbox';
import { useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { useSaving } from '../../../../lib/use-saving.ts';

interface Props {
  options: DeptOption[];
  /** resolves when the choice has been saved; `asDefault`: also the unit every later login enters */
  onConfirm: (option: DeptOption, asDefault: boolean) => Promise<void>;
  onCancel: () => void;
}

/**
 * Department choice after a login with several units and no default (docs/domains/identity.md#department-state), and in the same
 * step whether it becomes the default unit (otherwise the default-unit dialog would ask at once).
 */
export function DeptChoice({ options, onConfirm, onCancel }: Props) {
  const [value, setValue] = useState<number | null>(null);
  const [asDefault, setAsDefault] = useState(true);
  const { saving, run } = useSaving();

  const confirm = async () => {
    const option = options.find((o) => o.value === value);
    if (!option) {
      feedback.warning('请选择单位');
      return;
    }
    await run(() => onConfirm(option, asDefault));
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">您的账号属于多个单位，请选择本次登录使用的单位：</Typography.Text>
      <Radio.Group value={value} onChange={(e) => setValue(e.target.value as number)}>
        <Flex vertical gap={12}>
          {options.map((o) => (
            <Radio key={o.value} value={o.value}>
              {o.label}
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
      <Checkbox checked={asDefault} onChange={(e) => setAsDefault(e.target.checked)} data-testid="dept-as-default">
        设为常用单位，以后登录直接进入（可在控制台随时切换）
      </Checkbox>
      <Flex gap={8}>
        <Button type="primary" block loading={saving} onClick={() => void confirm()}>
          确定
        </Button>
        <Button block onClick={onCancel}>
          返回登录
        </Button>
      </Flex>
    </Flex>
  );
}
