import type { DeptOption } from '@kc/contracts/identity/uac';
import { Alert, Flex, Modal, Radio, Spin } from 'antd';
import { useState } from 'react';
import { feedback } from '../lib/feedback.ts';
import { setCurrentDept, setDefaultDept } from '../lib/session-queries.ts';
import { StorageKey, storage } from '../lib/storage.ts';
import { useSaving } from '../lib/use-saving.ts';

/** docs/domains/identity.md#default-unit-dialog: the set-default-unit modal is 488 wide. */
export const DEFAULT_UNIT_MODAL_WIDTH = 488;

interface Props {
  options: DeptOption[] | undefined;
  loading: boolean;
  onDismiss: () => void;
}

/** 设置常用单位: confirm calls setCurrentDept, then setDefaultDept, then reloads (docs/domains/identity.md#default-unit-dialog). */
export function DefaultUnitDialog({ options, loading, onDismiss }: Props) {
  const [value, setValue] = useState<number | null>(null);
  const { saving, run } = useSaving({ leaving: true });

  const confirm = async () => {
    const option = options?.find((o) => o.value === value);
    if (!option) {
      feedback.warning('请选择单位');
      return;
    }
    await run(async () => {
      await setCurrentDept(option.value);
      await setDefaultDept(option.value);
      storage.set(StorageKey.currentDept, option);
      window.location.reload();
    });
  };

  return (
    <Modal
      open
      title="设置常用单位"
      width={DEFAULT_UNIT_MODAL_WIDTH}
      okText="确定"
      cancelText="稍后设置"
      confirmLoading={saving}
      onOk={() => void confirm()}
      onCancel={onDismiss}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title="您属于多个单位，请设置常用单位，以后登录将默认进入该单位。" />
        {loading ? (
          <Spin />
        ) : (
          <Radio.Group value={value} onChange={(e) => setValue(e.target.value as number)} aria-label="可选单位">
            <Flex vertical gap={12}>
              {(options ?? []).map((o) => (
                <Radio key={o.value} value={o.value}>
                  {o.label}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        )}
      </Flex>
    </Modal>
  );
}
