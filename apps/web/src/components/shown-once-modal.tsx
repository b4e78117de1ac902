import { Alert, Descriptions, Modal, Typography } from 'antd';

/**
 * Credentials shown this once (a partner's signing secret, an API client's secret and sign key): the
 * server keeps no readable copy for any list, so the dialog says so, lets each value be copied and
 * closes only with 我已保存. `items` null: closed.
 */
export function ShownOnceModal({
  title,
  warning,
  items,
  onClose,
}: {
  title: string;
  warning: string;
  items: { label: string; value: string }[] | null;
  onClose: () => void;
}) {
  return (
    <Modal open={items !== null} title={title} onOk={onClose} onCancel={onClose} okText="我已保存" cancelButtonProps={{ style: { display: 'none' } }}>
      <Alert type="warning" showIcon title={warning} style={{ marginBottom: 12 }} />
      <Descriptions
        column={1}
        bordered
        size="small"
        data-testid="secret-once"
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={(items ?? []).map((i) => ({
          key: i.label,
          label: i.label,
          children: <Typography.Text copyable={{ text: i.value }}>{i.value}</Typography.Text>,
        }))}
      />
    </Modal>
  );
}
