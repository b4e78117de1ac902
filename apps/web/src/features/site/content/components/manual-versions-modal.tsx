import { Button, Modal, Table, Tag, Typography } from 'antd';
import { Can } from '../../../../components/page-flags.tsx';
import { type ManualVO, publishManual } from '../api/manuals-api.ts';
import { fmt } from './manual-columns.tsx';
import type { Act } from './notice-columns.tsx';

/** 版本记录: every version of a manual with its file and note; 发布此版本 puts an older (or newer) one in front of users. */
export function ManualVersionsModal({ manual, act, onClose }: { manual: ManualVO | null; act: Act; onClose: () => void }) {
  return (
    <Modal open={!!manual} title={`版本记录：${manual?.title ?? ''}`} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      <Table
        size="small"
        rowKey="version"
        pagination={false}
        dataSource={manual?.versions ?? []}
        columns={[
          {
            title: '版本',
            dataIndex: 'version',
            width: 90,
            render: (v: number) => (
              <>
                V{v} {manual?.publishedVersion === v && <Tag color="green">发布中</Tag>}
              </>
            ),
          },
          {
            title: '文件',
            dataIndex: 'fileName',
            ellipsis: true,
            render: (n: string, r) => (
              <Typography.Link href={r.url} target="_blank" rel="noopener">
                {n}
              </Typography.Link>
            ),
          },
          { title: '说明', dataIndex: 'note', render: (v: string) => v || '—' },
          { title: '上传时间', dataIndex: 'createdAt', width: 150, render: fmt },
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_, r) =>
              manual && manual.publishedVersion !== r.version ? (
                <Can flag="modify">
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      act(
                        `确认发布 V${r.version}？用户将看到此版本。`,
                        '发布',
                        async () => {
                          await publishManual({ id: manual.id, version: r.version, publish: true });
                          onClose();
                        },
                        '已发布',
                      )
                    }
                  >
                    发布此版本
                  </Button>
                </Can>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
