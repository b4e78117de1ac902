import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Table, Tag, Typography, Upload, type UploadFile } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { feedback } from '../../../../lib/feedback.ts';
import { saveFile } from '../../../../lib/file-download.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { batchUploadNotices, downloadNoticeTemplate, NOTICE_TYPE_LABELS, type NoticeBatchResult } from '../api/notice-api.ts';

const when = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/**
 * 批量导入公告: the .xlsx of notices and their attachments are picked together, checked on the
 * server (every bad row listed with its reason), then imported — all rows, or none.
 */
export function NoticeBatchModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [result, setResult] = useState<NoticeBatchResult | null>(null);
  const { saving: busy, run: running } = useSaving();
  const raw = () => files.map((f) => f.originFileObj as File).filter(Boolean);
  const hasSheet = files.some((f) => /\.xlsx$/i.test(f.name));

  const run = (preview: boolean) =>
    running(async () => {
      const r = await batchUploadNotices(raw(), preview);
      setResult(r);
      if (r.applied) {
        feedback.success(`已导入 ${r.created.length} 条公告`);
        setFiles([]);
        setResult(null);
        onDone();
      }
    });

  const close = () => {
    setFiles([]);
    setResult(null);
    onClose();
  };

  const checkedOk = result !== null && !result.applied && result.errors.length === 0;
  return (
    <Modal
      open={open}
      title="批量导入公告"
      width={900}
      onCancel={close}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Button onClick={() => void downloadNoticeTemplate().then(saveFile, () => undefined)}>下载模板</Button>
          <Flex gap={8}>
            <Button onClick={close}>取消</Button>
            <Button disabled={!hasSheet} loading={busy && !checkedOk} onClick={() => void run(true)} data-testid="notice-batch-check">
              校验
            </Button>
            <Button type="primary" disabled={!checkedOk} loading={busy && checkedOk} onClick={() => void run(false)} data-testid="notice-batch-import">
              确认导入
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        按模板填写公告表（标题、类型、面向角色、正文、发布时间、下线时间、附件、置顶、所属研究所），附件文件与公告表一同选择；此前已上传的公告附件填写文件名即可。任一行有误时不会导入任何公告。
      </Typography.Paragraph>
      <Upload.Dragger
        multiple
        fileList={files}
        beforeUpload={() => false}
        onChange={({ fileList }) => {
          setFiles(fileList);
          setResult(null);
        }}
        accept=".xlsx,.pdf,.png,.jpg,.jpeg,.webp"
        data-testid="notice-batch-files"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖入公告表（.xlsx）与附件</p>
      </Upload.Dragger>
      {result && result.errors.length > 0 && (
        <>
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            message={`共 ${result.total} 行，${new Set(result.errors.map((e) => e.row)).size} 行有错误，请修改后重新校验；未导入任何公告`}
          />
          <Table
            style={{ marginTop: 8 }}
            size="small"
            rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
            dataSource={result.errors}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            data-testid="notice-batch-errors"
            columns={[
              { title: '行号', dataIndex: 'row', width: 70 },
              { title: '列', dataIndex: 'column', width: 110 },
              { title: '原因', dataIndex: 'message' },
            ]}
          />
        </>
      )}
      {checkedOk && (
        <>
          <Alert style={{ marginTop: 16 }} type="success" showIcon message={`校验通过，共 ${result.rows.length} 条公告，确认后立即导入并按发布时间生效`} />
          {result.unused.length > 0 && (
            <Alert style={{ marginTop: 8 }} type="warning" showIcon message={`以下文件未被任何公告引用，将不会保存：${result.unused.join('、')}`} />
          )}
          <Table
            style={{ marginTop: 8 }}
            size="small"
            rowKey="row"
            dataSource={result.rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            data-testid="notice-batch-preview"
            columns={[
              { title: '行号', dataIndex: 'row', width: 60 },
              { title: '标题', dataIndex: 'title', ellipsis: true },
              { title: '类型', dataIndex: 'type', width: 100, render: (t: number) => NOTICE_TYPE_LABELS[t] },
              { title: '面向', dataIndex: 'audience', width: 120, ellipsis: true },
              { title: '所属研究所', dataIndex: 'instituteName', width: 140, render: (v: string | null) => v ?? '平台' },
              { title: '发布时间', dataIndex: 'publishAt', width: 140, render: (v: string | null) => (v ? when(v) : '立即') },
              { title: '下线时间', dataIndex: 'withdrawAt', width: 140, render: when },
              {
                title: '附件',
                dataIndex: 'attachments',
                width: 140,
                render: (a: string[]) => (a.length ? a.map((n) => <Tag key={n}>{n}</Tag>) : '—'),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
