import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useRef } from 'react';
import type { UploadedFile, UploadResult } from '../lib/files-api.ts';
import { useSaving } from '../lib/use-saving.ts';
import { showUploadResults } from './upload-results-dialog.tsx';

interface Props {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  upload: (files: File[]) => Promise<UploadResult>;
  /** at most this many files in the value */
  max?: number;
  accept?: string;
  buttonText?: string;
  testId?: string;
}

/**
 * Picks files, uploads them in one request and keeps the accepted ones as the form value; the
 * refused ones are listed in the upload-results dialog (docs/domains/shared.md#upload-results).
 */
export function FilePicker({ value = [], onChange, upload, max = 10, accept = 'image/jpeg,image/png', buttonText = '上传文件', testId }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { saving: busy, run } = useSaving();

  const pick = async (list: FileList | null) => {
    const files = Array.from(list ?? []).slice(0, Math.max(0, max - value.length));
    if (input.current) input.current.value = '';
    if (!files.length) return;
    await run(async () => {
      const result = await upload(files);
      if (result.succeeded.length) onChange?.([...value, ...result.succeeded].slice(0, max));
      await showUploadResults(result.failed);
    });
  };

  return (
    <Flex vertical gap={8}>
      <input
        ref={input}
        type="file"
        hidden
        style={{ display: 'none' }}
        multiple={max > 1}
        accept={accept}
        data-testid={testId}
        onChange={(e) => void pick(e.target.files)}
      />
      <div>
        <Button icon={<UploadOutlined />} loading={busy} disabled={value.length >= max} onClick={() => input.current?.click()}>
          {buttonText}
        </Button>
      </div>
      {value.map((f) => (
        <Flex key={f.id} align="center" gap={8}>
          <PaperClipOutlined />
          <Typography.Link href={f.url} target="_blank" rel="noopener" ellipsis style={{ maxWidth: 320 }}>
            {f.name}
          </Typography.Link>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`移除 ${f.name}`}
            onClick={() => onChange?.(value.filter((x) => x.id !== f.id))}
          />
        </Flex>
      ))}
    </Flex>
  );
}
