import { Alert, Modal, Typography } from 'antd';

/** A signing secret, shown this once: the server keeps no readable copy for the list. */
export function SecretOnce({ secret, title, onClose }: { secret: string | null; title: string; onClose: () => void }) {
  return (
    <Modal open={secret !== null} title={title} onOk={onClose} onCancel={onClose} okText="我已保存" cancelButtonProps={{ style: { display: 'none' } }}>
      <Alert type="warning" showIcon title="密钥只显示这一次，请立即复制并交给对方系统的管理员；遗失后只能更换新密钥。" style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable={{ text: secret ?? '' }} code data-testid="secret-once">
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
