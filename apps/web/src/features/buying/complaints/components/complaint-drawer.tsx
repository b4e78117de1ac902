import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Space } from 'antd';
import { shanghaiTime } from '../../../../lib/format.ts';
import { complaintKeys } from '../api/complaint-query-keys.ts';
import { type ComplaintSide, getComplaint } from '../api/complaints-api.ts';

/** One complaint with its attachments, the supplier's answer and the platform's reply. */
export function ComplaintDrawer({ side, id, onClose }: { side: ComplaintSide; id: number | null; onClose: () => void }) {
  const q = useQuery({ queryKey: complaintKeys.detail(side, id), queryFn: () => getComplaint(side, id as number), enabled: id !== null });
  const d = q.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={d ? `投诉 ${d.complaintNo}` : '投诉'} loading={q.isLoading}>
      {d && (
        <Descriptions column={2} size="small" bordered>
          <Descriptions.Item label="类型">{d.categoryText}</Descriptions.Item>
          <Descriptions.Item label="状态">{d.statusText}</Descriptions.Item>
          <Descriptions.Item label="被投诉供应商">{d.supplierName}</Descriptions.Item>
          <Descriptions.Item label="子订单">{d.subNo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="投诉人">{d.buyerName}</Descriptions.Item>
          <Descriptions.Item label="单位">{d.instituteName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="投诉内容" span={2}>
            {d.content}
          </Descriptions.Item>
          <Descriptions.Item label="附件" span={2}>
            <Space wrap>
              {d.files.length
                ? d.files.map((f) => (
                    <a key={f.id} href={f.url} target="_blank" rel="noreferrer">
                      {f.name}
                    </a>
                  ))
                : '无'}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="供应商回复" span={2}>
            {d.supplierReply ? `${d.supplierReply}（${shanghaiTime(d.supplierRepliedAt)}）` : '尚未回复'}
          </Descriptions.Item>
          <Descriptions.Item label="平台处理结果" span={2}>
            {d.adminReply ? `${d.adminReply}（${shanghaiTime(d.handledAt)}）` : '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
