import { List, Typography } from 'antd';
import { feedback } from '../lib/feedback.ts';

/** docs/domains/shared.md#upload-results: the upload-results dialog is 600 wide. */
export const UPLOAD_RESULTS_WIDTH = 600;

export interface UploadFailure {
  name: string;
  reason: string;
}

/** docs/domains/shared.md#upload-results: 'N 张图片不符合要求，请检查后重新上传'. */
export function uploadFailureTitle(count: number): string {
  return `${count} 张图片不符合要求，请检查后重新上传`;
}

/** Lists the files the server refused, with a confirm button; nothing when all went through. */
export function showUploadResults(failed: UploadFailure[]): Promise<void> {
  if (!failed.length) return Promise.resolve();
  return new Promise((resolve) => {
    feedback.modal().warning({
      title: uploadFailureTitle(failed.length),
      width: UPLOAD_RESULTS_WIDTH,
      okText: '确定',
      onOk: () => resolve(),
      content: (
        <List
          size="small"
          data-testid="upload-failures"
          dataSource={failed}
          renderItem={(f) => (
            <List.Item>
              <Typography.Text strong ellipsis style={{ maxWidth: 240 }}>
                {f.name}
              </Typography.Text>
              <Typography.Text type="danger">{f.reason}</Typography.Text>
            </List.Item>
          )}
        />
      ),
    });
  });
}
