import { Flex } from 'antd';
import type { ReactNode } from 'react';

/** A list inside a tab of 店铺管理: no title or breadcrumb of its own, only its buttons. */
export function BareFrame({ extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Flex vertical gap={12}>
      {extra && <Flex justify="flex-end">{extra}</Flex>}
      {children}
    </Flex>
  );
}
