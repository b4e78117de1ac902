import { BellOutlined } from '@ant-design/icons';
import type { UserMessage } from '@kc/contracts/buying/orders';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { shanghaiTime } from '../../../../lib/format.ts';
import { useMarkRead, useUnreadMessages } from '../api/use-order-queries.ts';

/** The unread in-app messages of the order pages: each transition notifies the next actor. */
export function MessageBell() {
  const navigate = useNavigate();
  const { data } = useUnreadMessages();
  const read = useMarkRead();
  const records = data?.records ?? [];
  const open = (m: UserMessage) => {
    read.mutate([m.id]);
    if (m.link) navigate(m.link);
  };
  const content = (
    <div style={{ width: 360 }}>
      {records.length ? (
        <List<UserMessage>
          size="small"
          dataSource={records}
          data-testid="message-list"
          renderItem={(m) => (
            <List.Item style={{ cursor: m.link ? 'pointer' : undefined }} onClick={() => open(m)} data-testid="message-item">
              <List.Item.Meta
                title={m.title}
                description={
                  <>
                    <div>{m.content}</div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {shanghaiTime(m.createdAt)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />
      )}
      {records.length > 0 && (
        <Button type="link" block onClick={() => read.mutate(records.map((m) => m.id))}>
          全部标为已读
        </Button>
      )}
    </div>
  );
  return (
    <Popover content={content} title="站内消息" trigger="click" placement="bottomRight">
      <Badge count={data?.total ?? 0} size="small" data-testid="message-badge">
        <Button shape="circle" icon={<BellOutlined />} aria-label="站内消息" data-testid="message-bell" />
      </Badge>
    </Popover>
  );
}
