import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { useTodoCount } from '../api/todo-api.ts';
import type { TodoItem } from '../todo-items.ts';

function TodoTile({ item }: { item: TodoItem }) {
  const count = useTodoCount(item.source, true);
  return (
    <Card size="small" hoverable data-testid={`todo-${item.key}`}>
      <Link to={item.link}>
        <Statistic
          title={item.title}
          value={count.data ?? 0}
          loading={count.isLoading}
          suffix={item.unit ?? '单'}
          valueStyle={{ color: count.data ? '#fa541c' : undefined }}
        />
      </Link>
    </Card>
  );
}

/** 待办: one tile per list the caller works on; each count opens its list, filtered the same way. */
export function TodoTiles({ items }: { items: TodoItem[] }) {
  if (items.length === 0) return null;
  return (
    <Card title="待办事项" size="small">
      <Row gutter={[16, 16]}>
        {items.map((it) => (
          <Col key={it.key} xs={12} md={8} lg={6}>
            <TodoTile item={it} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
