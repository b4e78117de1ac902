import { AppstoreOutlined } from '@ant-design/icons';
import { Card, Flex, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { isLoggedIn, LOGIN_PATH } from '../../../../lib/session.ts';
import { useCategoryTree } from '../api/use-catalog-queries.ts';

const categoryPath = (id: number) => (isLoggedIn() ? `/search?categoryId=${id}` : LOGIN_PATH);

/** Category navigation from the category tree: each top category with its children as links to the search. */
export function CategoryNav() {
  const { data, isLoading } = useCategoryTree();
  return (
    <Card
      size="small"
      title={
        <span>
          <AppstoreOutlined /> 商品分类
        </span>
      }
      style={{ height: '100%' }}
      styles={{ body: { padding: '8px 12px' } }}
    >
      {isLoading && <Skeleton active />}
      <Flex vertical gap={8}>
        {(data ?? []).map((top) => (
          <div key={top.id}>
            <Link to={categoryPath(top.id)}>
              <Typography.Text strong>{top.name}</Typography.Text>
            </Link>
            <Flex wrap gap="2px 10px" style={{ fontSize: 12 }}>
              {top.children.map((c) => (
                <Link key={c.id} to={categoryPath(c.id)} style={{ color: '#666' }}>
                  {c.name}
                </Link>
              ))}
            </Flex>
          </div>
        ))}
      </Flex>
    </Card>
  );
}
