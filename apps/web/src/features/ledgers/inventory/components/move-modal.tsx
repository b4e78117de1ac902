import { useQuery } from '@tanstack/react-query';
import { Modal, Select } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { enabledLocations, moveContainers } from '../api/inventory-api.ts';
import { inventoryKeys } from '../api/inventory-query-keys.ts';

/** 移库 / 上架: the selected containers to one location of the institute (hazardous goods only into a 危化品柜; the server refuses otherwise). */
export function MoveModal({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const [locationId, setLocationId] = useState<number>();
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: inventoryKeys.enabledLocations, queryFn: enabledLocations, enabled: ids.length > 0 });
  return (
    <Modal
      open={ids.length > 0}
      title={`移库（${ids.length} 个容器）`}
      onCancel={onClose}
      okButtonProps={{ disabled: !locationId }}
      confirmLoading={busy}
      destroyOnHidden
      onOk={async () => {
        setBusy(true);
        try {
          await moveContainers(ids, locationId as number);
          feedback.success('已移库');
          onDone();
        } catch {
          // message shown by the client
        } finally {
          setBusy(false);
        }
      }}
    >
      <Select
        style={{ width: '100%' }}
        placeholder="选择存放位置"
        value={locationId}
        onChange={setLocationId}
        showSearch={{ optionFilterProp: 'label' }}
        options={(q.data?.records ?? []).map((l) => ({ value: l.id, label: l.label }))}
      />
    </Modal>
  );
}
