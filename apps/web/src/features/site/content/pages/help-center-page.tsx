import { Card, Empty, Flex, Spin } from 'antd';
import { useHelpTree } from '../api/help-api.ts';
import { HelpArticle } from '../components/help-article.tsx';
import { HelpMenu } from '../components/help-menu.tsx';
import { MyManuals } from '../components/my-manuals.tsx';
import { useHelpMenu } from '../use-help-menu.ts';

/** 帮助中心 as a full page (opened in a new window from the floating help window). */
export function HelpCenterPage() {
  const { data: tree, isLoading } = useHelpTree();
  const { state, click, contentRef, active } = useHelpMenu(tree);
  if (isLoading) return <Spin size="large" style={{ display: 'block', margin: '120px auto' }} />;
  if (!tree?.length)
    return (
      <Card title="帮助中心">
        <MyManuals />
        <Empty style={{ marginTop: 48 }} description="暂无帮助内容，平台管理员可在“帮助中心管理”中添加。" />
      </Card>
    );
  return (
    <Card title="帮助中心" styles={{ body: { padding: 0 } }}>
      <Flex style={{ minHeight: 560 }}>
        <nav style={{ width: 240, flex: 'none', borderRight: '1px solid #f0f0f0', padding: '8px 0' }} data-testid="help-center-menu">
          <MyManuals />
          <HelpMenu items={tree} state={state} onClick={click} />
        </nav>
        <div ref={contentRef} style={{ flex: 1, padding: 24, overflow: 'auto', maxHeight: 'calc(100vh - 220px)' }}>
          <HelpArticle item={active} onOpen={click} />
        </div>
      </Flex>
    </Card>
  );
}
