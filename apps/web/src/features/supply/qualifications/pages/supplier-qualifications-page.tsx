import { DICT } from '@kc/contracts/shared/dicts';
import { QUALIFICATION_TYPES } from '@kc/contracts/supply/qualifications';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useMemo, useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { useDictOptions } from '../../../../lib/dicts.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { qualificationKeys } from '../api/qualification-query-keys.ts';
import { getMyQualifications, type QualificationVO, withdrawQualification } from '../api/qualifications-api.ts';
import { qualificationColumns } from '../components/qualification-columns.tsx';
import { QualificationModal } from '../components/qualification-modal.tsx';

const TYPE_FALLBACK = QUALIFICATION_TYPES.map((t) => ({ value: t.code, label: t.name }));

const fieldsWith = (types: { value: string; label: string }[]): ListField[] => [
  { kind: 'select', name: 'typeCode', label: '资质类型', options: types, width: 220 },
  {
    kind: 'select',
    name: 'validity',
    label: '有效期',
    options: [
      { value: 'valid', label: '有效' },
      { value: 'expiring', label: '30 天内到期' },
      { value: 'expired', label: '已过期' },
    ],
    width: 140,
  },
];
// states by name: the client drops a 0 from the query (docs/domains/platform.md#empty-query-values), and 待审核 is state 0
const TABS = [
  { key: 'all', label: '全部' },
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'refused', label: '已驳回' },
  { key: 'withdrawn', label: '已撤回' },
] as const;

/**
 * 资质管理: the supplier's licences and certificates with their review state and validity (有效 /
 * 即将过期 / 已过期). Items that need a licence (危险化学品、易制毒、易制爆) cannot be bought while
 * the supplier lacks a valid, approved one; reminders come 60, 30 and 7 days before the end.
 */
export function SupplierQualificationsPage({ entry, home }: MenuPageProps) {
  // 资质类型 from the qualification_type dictionary (the built-in list until it loads)
  const types = useDictOptions(DICT.QUALIFICATION_TYPE, TYPE_FALLBACK).options;
  const fields = useMemo(() => fieldsWith(types), [types]);
  const client = useQueryClient();
  const list = useListPage<QualificationVO>({
    queryKey: qualificationKeys.mine,
    fields,
    tabs: TABS,
    request: getMyQualifications,
    flags: usePageFlags(entry),
  });
  const [editing, setEditing] = useState<QualificationVO | 'new' | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: qualificationKeys.mine });
  const withdraw = (q: QualificationVO) =>
    feedback.modal().confirm({
      title: `撤回“${q.typeName}（${q.number}）”？`,
      content: '撤回后该资质不再有效；需要它的商品将无法购买。',
      okText: '撤回',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await withdrawQualification(q.id);
        feedback.success('已撤回');
        await refresh();
      },
    });

  return (
    <ListPage<QualificationVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="supplier-qualification-search"
      toolbar={
        <Can flag="add">
          <Button type="primary" onClick={() => setEditing('new')} data-testid="qualification-add">
            新增资质
          </Button>
        </Can>
      }
      emptyText="还没有资质，请新增营业执照、危险化学品经营许可证等"
      table={{ scroll: { x: 1100 }, size: 'middle' }}
      columns={[
        { title: '资质类型', dataIndex: 'typeName', width: 190 },
        qualificationColumns.number(260),
        qualificationColumns.validity(230),
        qualificationColumns.file(150),
        qualificationColumns.review(170),
        qualificationColumns.submittedAt(),
        {
          title: '操作',
          key: 'actions',
          width: 120,
          fixed: 'right',
          render: (_, q) =>
            q.status === 3 ? (
              '—'
            ) : (
              <Flex gap={4}>
                <Can flag="modify">
                  <Button type="link" size="small" onClick={() => setEditing(q)}>
                    修改
                  </Button>
                </Can>
                <Can flag="delete">
                  <Button type="link" size="small" danger onClick={() => withdraw(q)}>
                    撤回
                  </Button>
                </Can>
              </Flex>
            ),
        },
      ]}
    >
      <QualificationModal
        open={editing !== null}
        editing={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </ListPage>
  );
}
