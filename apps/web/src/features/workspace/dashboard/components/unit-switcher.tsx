import { SwapOutlined } from '@ant-design/icons';
import { Select, Space, Typography } from 'antd';
import { feedback } from '../../../../lib/feedback.ts';
import { setCurrentDept, useOptionalDepts } from '../../../../lib/session-queries.ts';
import { StorageKey, storage } from '../../../../lib/storage.ts';
import { useSaving } from '../../../../lib/use-saving.ts';

/** Switches the current unit: saves it on the server and here, then reloads (docs/domains/identity.md#unit-switching). */
export function UnitSwitcher({ currentDept }: { currentDept: number | null }) {
  const { data: options, isLoading } = useOptionalDepts();
  const { saving, run } = useSaving({ leaving: true });

  const change = async (deptId: number) => {
    const option = options?.find((o) => o.value === deptId);
    if (!option || deptId === currentDept) return;
    await run(async () => {
      await setCurrentDept(deptId);
      storage.set(StorageKey.currentDept, option);
      feedback.success(`已切换至：${option.label}`);
      window.location.reload();
    });
  };

  return (
    <Space>
      <Typography.Text>
        <SwapOutlined /> 切换单位
      </Typography.Text>
      <Select<number>
        aria-label="切换单位"
        data-testid="unit-switcher"
        style={{ width: 240 }}
        placeholder="请选择单位"
        loading={isLoading || saving}
        disabled={saving || (options?.length ?? 0) < 2}
        value={currentDept ?? undefined}
        options={options ?? []}
        onChange={(v) => void change(v)}
      />
    </Space>
  );
}
