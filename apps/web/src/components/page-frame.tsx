import { Breadcrumb, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMenuTrail } from '../lib/use-menu-trail.ts';

interface Props {
  title: string;
  /** enclosing menu names, outermost first */
  parents?: string[];
  home?: string;
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * Title and breadcrumb of a page in the logged-in area. Without `parents` and `home`, they come
 * from where the page sits in the user's menus.
 */
export function PageFrame({ title, parents, home, extra, children }: Props) {
  const trail = useMenuTrail();
  parents ??= trail.parents;
  home ??= trail.home;
  return (
    <Flex vertical gap={16}>
      <Breadcrumb items={[{ title: home ? <Link to={home}>控制台</Link> : '控制台' }, ...parents.map((p) => ({ title: p })), { title }]} />
      <Card>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {extra}
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}
