import type { TableColumnType } from 'antd';
import { Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import type { QualificationVO } from '../api/qualifications-api.ts';
import { periodText, ReviewState, ValidityTag } from './validity-tag.tsx';

type Column = TableColumnType<QualificationVO>;

/**
 * The columns the supplier's 资质管理 and the platform's 资质审核 show alike; each page sets the
 * widths its table needs. The review page adds the 许可范围 under the number.
 */
export const qualificationColumns = {
  number: (width: number, withScope = false): Column => ({
    title: '证书编号 / 发证机关',
    key: 'number',
    width,
    render: (_, q) => (
      <Flex vertical gap={2}>
        <span>{q.number}</span>
        <Typography.Text type="secondary">{q.authority}</Typography.Text>
        {withScope && q.scope && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: q.scope }} style={{ maxWidth: width - 20, fontSize: 12 }}>
            {q.scope}
          </Typography.Text>
        )}
      </Flex>
    ),
  }),
  validity: (width: number): Column => ({
    title: '有效期',
    key: 'validity',
    width,
    render: (_, q) => (
      <Flex vertical gap={2}>
        <span>{periodText(q)}</span>
        <span>
          <ValidityTag q={q} />
        </span>
      </Flex>
    ),
  }),
  file: (width: number): Column => ({
    title: '文件',
    key: 'file',
    width,
    ellipsis: true,
    render: (_, q) =>
      q.fileUrl ? (
        <Typography.Link href={q.fileUrl} target="_blank" rel="noopener">
          {q.fileName}
        </Typography.Link>
      ) : (
        (q.fileName ?? '—')
      ),
  }),
  review: (width: number): Column => ({ title: '审核状态', key: 'status', width, render: (_, q) => <ReviewState q={q} /> }),
  submittedAt: (): Column => ({ title: '提交时间', dataIndex: 'submittedAt', width: 130, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') }),
};
