import { DeptAddBody } from '@kc/contracts/identity/org';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Flex, Form, Input, InputNumber, Modal, Row, Select, Tag, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { PageFrame } from '../../../../components/page-frame.tsx';
import { ApiError } from '../../../../lib/error-catalogue.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { contractRules } from '../../../../lib/zod-rule.ts';
import { addDept, type DeptNode, deleteDept, deptDelTip, getDeptTree, getManagedInstitutes, updateDept } from '../api/org-api.ts';
import { orgKeys } from '../api/org-query-keys.ts';

type TreeData = { key: number; title: string; children: TreeData[] };
const toTree = (nodes: DeptNode[]): TreeData[] => nodes.map((n) => ({ key: n.id, title: n.deptName, children: toTree(n.child) }));

function find(nodes: DeptNode[], id: number | null): DeptNode | null {
  if (id === null) return null;
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = find(n.child, id);
    if (inner) return inner;
  }
  return null;
}

/** the platform's own departments (平台直属), chosen in the institute selector */
const PLATFORM = 0;

/**
 * 部门管理: the institute's tree; add a child, rename, delete (with the server's 10048 confirmation).
 * The platform admin manages every institute: a selector names the institute (or the platform's own departments).
 */
export function DeptPage({ entry, home }: MenuPageProps) {
  const client = useQueryClient();
  const flags = usePageFlags(entry);
  const institutes = useQuery({ queryKey: orgKeys.institutes, queryFn: getManagedInstitutes });
  const [chosen, setChosen] = useState<number | null>(null);
  // the platform admin starts on the first institute; an institute admin has just their own
  const instituteId = chosen ?? institutes.data?.[0]?.id ?? null;
  const manyInstitutes = (institutes.data?.length ?? 0) > 1;
  const tree = useQuery({
    queryKey: orgKeys.instituteTree(instituteId),
    queryFn: () => getDeptTree(manyInstitutes && instituteId !== PLATFORM ? (instituteId ?? undefined) : undefined),
    enabled: institutes.isSuccess,
  });
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ mode: 'add' | 'edit'; node: DeptNode } | null>(null);
  const [form] = Form.useForm<{ deptName: string; sort: number }>();
  const node = useMemo(() => find(tree.data ?? [], selected), [tree.data, selected]);
  const refresh = () => client.invalidateQueries({ queryKey: orgKeys.deptTree });

  const open = (mode: 'add' | 'edit', n: DeptNode) => {
    setEditing({ mode, node: n });
    form.setFieldsValue(mode === 'edit' ? { deptName: n.deptName, sort: n.sort } : { deptName: '', sort: 0 });
  };

  const save = async () => {
    const v = await form.validateFields();
    if (!editing) return;
    if (editing.mode === 'add') await addDept({ parentId: editing.node.id, deptName: v.deptName.trim(), sort: v.sort ?? 0 });
    else await updateDept({ id: editing.node.id, deptName: v.deptName.trim(), sort: v.sort ?? 0 });
    feedback.success('已保存');
    setEditing(null);
    await refresh();
  };

  const remove = async (n: DeptNode) => {
    const doDelete = async () => {
      await deleteDept(n.id);
      feedback.success('删除成功');
      setSelected(null);
      await refresh();
    };
    try {
      await deptDelTip(n.id);
      feedback.modal().confirm({ title: `确认删除“${n.deptName}”？`, okText: '删除', cancelText: '取消', okButtonProps: { danger: true }, onOk: doDelete });
    } catch (e) {
      // 10048 comes back without any dialog (docs/domains/platform.md#error-catalogue): this page asks with the server's message.
      if (e instanceof ApiError && e.code === 10048) {
        feedback
          .modal()
          .confirm({ title: '删除确认', content: e.message, okText: '仍要删除', cancelText: '取消', okButtonProps: { danger: true }, onOk: doDelete });
      }
    }
  };

  return (
    <PageFrame title={entry.name} parents={entry.parents} home={home}>
      <Row gutter={16}>
        <Col span={10}>
          <Card
            size="small"
            title="部门树"
            loading={tree.isLoading}
            styles={{ body: { minHeight: 420 } }}
            extra={
              manyInstitutes && (
                <Select
                  size="small"
                  style={{ width: 240 }}
                  value={instituteId}
                  data-testid="dept-institute"
                  onChange={(v: number) => {
                    setChosen(v);
                    setSelected(null);
                  }}
                  options={[...(institutes.data ?? []).map((i) => ({ value: i.id, label: i.name })), { value: PLATFORM, label: '平台直属部门' }]}
                />
              )
            }
          >
            {tree.data?.length ? (
              <Tree<TreeData>
                blockNode
                defaultExpandAll
                treeData={toTree(tree.data)}
                selectedKeys={selected ? [selected] : []}
                onSelect={(k) => setSelected(k.length ? Number(k[0]) : null)}
              />
            ) : (
              <Empty description="暂无部门" />
            )}
          </Card>
        </Col>
        <Col span={14}>
          <Card
            size="small"
            title={node ? node.deptName : '部门信息'}
            extra={
              node ? (
                <Flex gap={8}>
                  <Can flag="add" flags={flags}>
                    <Button size="small" onClick={() => open('add', node)}>
                      新增下级
                    </Button>
                  </Can>
                  <Can flag="modify" flags={flags}>
                    <Button size="small" onClick={() => open('edit', node)}>
                      修改
                    </Button>
                  </Can>
                  <Can flag="delete" flags={flags}>
                    <Button size="small" danger disabled={node.parentId === null} onClick={() => void remove(node)}>
                      删除
                    </Button>
                  </Can>
                </Flex>
              ) : null
            }
          >
            {node ? (
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: 'n', label: '部门名称', children: node.deptName },
                  { key: 's', label: '排序', children: node.sort },
                  { key: 'c', label: '下级部门', children: node.child.length },
                  { key: 't', label: '课题组', children: node.teams.length ? node.teams.map((t) => <Tag key={t.id}>{t.teamName}</Tag>) : '—' },
                ]}
              />
            ) : (
              <Empty description="在左侧选择部门" />
            )}
          </Card>
        </Col>
      </Row>
      <Modal
        open={!!editing}
        title={editing?.mode === 'add' ? `在“${editing.node.deptName}”下新增部门` : '修改部门'}
        okText="保存"
        cancelText="取消"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="dept-edit">
          <Form.Item name="deptName" label="部门名称" rules={contractRules(DeptAddBody.shape.deptName)}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={99999} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  );
}
