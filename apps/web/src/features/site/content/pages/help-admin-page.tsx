import { HelpBody } from '@kc/contracts/site/content';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Form, Input, InputNumber, Row, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { HtmlEditor } from '../../../../components/html-editor.tsx';
import { useConfirmAction } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useSaving } from '../../../../lib/use-saving.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { addHelp, deleteHelp, type HelpNode, helpTreeKey, updateHelp, useHelpTree } from '../api/help-api.ts';

/** docs/domains/site.md#help-menu: the help menu has up to three levels. */
const MAX_DEPTH = 3;

interface Located {
  node: HelpNode;
  depth: number;
}

function locate(tree: HelpNode[], id: number, depth = 1): Located | null {
  for (const n of tree) {
    if (n.id === id) return { node: n, depth };
    const inner = locate(n.child, id, depth + 1);
    if (inner) return inner;
  }
  return null;
}

type TreeData = { key: number; title: string; children: TreeData[] };
const toTreeData = (nodes: HelpNode[]): TreeData[] => nodes.map((n) => ({ key: n.id, title: n.meun, children: toTreeData(n.child) }));
const allIds = (nodes: HelpNode[]): number[] => nodes.flatMap((n) => [n.id, ...allIds(n.child)]);

interface EditValues {
  meun: string;
  sort: number;
  content: string;
}

/** 帮助中心管理: the three-level tree on the left, the selected item (or a new one) on the right. */
export function HelpAdminPage({ entry, home }: MenuPageProps) {
  const flags = usePageFlags(entry);
  const client = useQueryClient();
  const { data: tree, isLoading } = useHelpTree();
  const [selected, setSelected] = useState<number | null>(null);
  /** adding: the parent id (null = top level); undefined = editing the selection */
  const [adding, setAdding] = useState<number | null | undefined>(undefined);
  const { saving, run } = useSaving();
  // Everything is unfolded, new items included, except what the admin folds.
  const [collapsed, setCollapsed] = useState<number[]>([]);
  const ids = useMemo(() => allIds(tree ?? []), [tree]);
  const [form] = Form.useForm<EditValues>();

  const located = useMemo(() => (tree && selected !== null ? locate(tree, selected) : null), [tree, selected]);
  const refresh = () => client.invalidateQueries({ queryKey: helpTreeKey });
  const confirm = useConfirmAction(helpTreeKey);

  const select = (id: number | null) => {
    setSelected(id);
    setAdding(undefined);
  };

  const startAdd = (parentId: number | null) => setAdding(parentId);

  // The form is keyed by what it edits, so switching items starts from that item's values.
  const formKey = adding !== undefined ? `new-${adding}` : `edit-${selected}`;
  const initialValues: EditValues =
    adding === undefined && located ? { meun: located.node.meun, sort: located.node.sort, content: located.node.content } : { meun: '', sort: 0, content: '' };

  const save = () =>
    run(async () => {
      const v = await form.validateFields();
      if (adding !== undefined) {
        const { id } = await addHelp({ parentId: adding, meun: v.meun.trim(), content: v.content ?? '', sort: v.sort ?? 0 });
        feedback.success('已保存');
        await refresh();
        setAdding(undefined);
        setSelected(id);
      } else if (selected !== null) {
        await updateHelp({ id: selected, meun: v.meun.trim(), content: v.content ?? '', sort: v.sort ?? 0 });
        feedback.success('已保存');
        await refresh();
      }
    });

  const remove = () => {
    if (!located) return;
    confirm({
      title: `确认删除“${located.node.meun}”？`,
      content: located.node.child.length ? '其下级条目将一并删除。' : undefined,
      okText: '删除',
      danger: true,
      run: async () => {
        await deleteHelp(located.node.id);
        select(null);
      },
      done: '已删除',
    });
  };

  const editingSomething = adding !== undefined || located !== null;
  const parentName = adding ? tree && locate(tree, adding)?.node.meun : null;

  return (
    <PageFrame
      title={entry.name}
      parents={entry.parents}
      home={home}
      extra={
        <Can flag="add" flags={flags}>
          <Button type="primary" onClick={() => startAdd(null)}>
            新增一级条目
          </Button>
        </Can>
      }
    >
      <Row gutter={16}>
        <Col span={8}>
          <Card size="small" title="帮助目录" loading={isLoading} styles={{ body: { minHeight: 420 } }}>
            {tree?.length ? (
              <Tree<TreeData>
                blockNode
                expandedKeys={ids.filter((id) => !collapsed.includes(id))}
                onExpand={(keys) => setCollapsed(ids.filter((id) => !keys.includes(id)))}
                selectedKeys={selected !== null ? [selected] : []}
                treeData={toTreeData(tree)}
                onSelect={(keys) => select(keys.length ? Number(keys[0]) : null)}
              />
            ) : (
              <Empty description="暂无帮助条目" />
            )}
          </Card>
        </Col>
        <Col span={16}>
          <Card
            size="small"
            title={adding !== undefined ? (parentName ? `在“${parentName}”下新增条目` : '新增一级条目') : located ? `编辑：${located.node.meun}` : '条目内容'}
            extra={
              located && adding === undefined ? (
                <Flex gap={8}>
                  <Can flag="add" flags={flags}>
                    <Button size="small" disabled={located.depth >= MAX_DEPTH} onClick={() => startAdd(located.node.id)}>
                      新增下级
                    </Button>
                  </Can>
                  <Can flag="delete" flags={flags}>
                    <Button size="small" danger onClick={remove}>
                      删除
                    </Button>
                  </Can>
                </Flex>
              ) : null
            }
          >
            {editingSomething ? (
              <Form key={formKey} form={form} layout="vertical" name="help-edit" initialValues={initialValues}>
                <Flex gap={16}>
                  <Form.Item name="meun" label="标题" rules={contractRules(HelpBody.shape.meun)} style={{ flex: 1 }}>
                    <Input maxLength={60} />
                  </Form.Item>
                  <Form.Item name="sort" label="排序" style={{ width: 120 }}>
                    <InputNumber min={0} max={9999} style={{ width: '100%' }} />
                  </Form.Item>
                </Flex>
                <Form.Item name="content" label="内容">
                  <HtmlEditor rows={14} />
                </Form.Item>
                <Flex justify="flex-end" gap={8}>
                  {adding !== undefined && <Button onClick={() => select(selected)}>取消</Button>}
                  <Can flag={adding !== undefined ? 'add' : 'modify'} flags={flags}>
                    <Button type="primary" loading={saving} onClick={() => void save()}>
                      保存
                    </Button>
                  </Can>
                </Flex>
              </Form>
            ) : (
              <Typography.Text type="secondary">在左侧选择一个条目进行编辑，或新增一级条目。帮助目录最多三级，内容保存时会经过白名单过滤。</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}
