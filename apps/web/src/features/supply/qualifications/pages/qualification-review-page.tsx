import { DICT } from '@kc/contracts/shared/dicts';
import { QUALIFICATION_TYPES } from '@kc/contracts/supply/qualifications';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useMemo, useState } from 'react';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import { Can, usePageFlags } from '../../../../components/page-flags.tsx';
import { ReasonModal, type ReasonRequest } from '../../../../components/reason-modal.tsx';
import { useDictOptions } from '../../../../lib/dicts.ts';
import { feedback } from '../../../../lib/feedback.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { qualificationKeys } from '../api/qualification-query-keys.ts';
import { approveQualification, getQualificationReview, type QualificationVO, refuseQualification } from '../api/qualifications-api.ts';
import { qualificationColumns } from '../components/qualification-columns.tsx';
import { periodText } from '../components/validity-tag.tsx';

const TYPE_FALLBACK = QUALIFICATION_TYPES.map((t) => ({ value: t.code, label: t.name }));

const fieldsWith = (types: { value: string; label: string }[]): ListField[] => [
  { kind: 'text', name: 'supplierName', label: '供应商', placeholder: '公司名称', width: 200 },
  { kind: 'select', name: 'typeCode', label: '资质类型', options: types, width: 220 },
  {
    kind: 'select',
    name: 'validity',
    label: '有效期',
    options: [
      { value: 'valid', label: '有效' },
      { value: 'expiring', label: '即将过期' },
      { value: 'expired', label: '已过期' },
    ],
    width: 130,
  },
  {
    kind: 'select',
    name: 'withinDays',
    label: '到期天数',
    options: [7, 30, 60, 90].map((d) => ({ value: String(d), label: `${d} 天内` })),
    width: 120,
  },
];
const TABS = [
  { key: 'pending', label: '待审核' },
  { key: 'approved', label: '已通过' },
  { key: 'refused', label: '已驳回' },
  { key: 'all', label: '全部' },
] as const;

/**
 * 资质审核: suppliers' qualifications waiting for the platform, and every supplier's with the
 * expiry filters (即将过期 within N days, 已过期). Approve, or refuse with a reason the supplier reads.
 */
export function QualificationReviewPage({ entry, home }: MenuPageProps) {
  // 资质类型 from the qualification_type dictionary (the built-in list until it loads)
  const types = useDictOptions(DICT.QUALIFICATION_TYPE, TYPE_FALLBACK).options;
  const fields = useMemo(() => fieldsWith(types), [types]);
  const client = useQueryClient();
  const list = useListPage<QualificationVO>({
    queryKey: qualificationKeys.review,
    fields,
    tabs: TABS,
    request: getQualificationReview,
    flags: usePageFlags(entry),
  });
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: qualificationKeys.review });
  const approve = (q: QualificationVO) =>
    feedback.modal().confirm({
      title: `通过“${q.supplierName}”的${q.typeName}？`,
      content: `${q.number}，${periodText(q)}。请确认已核对扫描件与发证机关。`,
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        await approveQualification(q.id);
        feedback.success('已通过');
        await refresh();
      },
    });
  const refuse = (q: QualificationVO) =>
    setAsking({
      title: '驳回资质',
      label: '驳回原因',
      okText: '确认驳回',
      danger: true,
      requiredMessage: '请填写驳回原因',
      placeholder: '供应商将看到此原因，如：扫描件不清晰、许可范围不含易制爆危险化学品',
      onSubmit: async (reason) => {
        await refuseQualification(q.id, reason);
        feedback.success('已驳回');
        await refresh();
      },
    });

  return (
    <ListPage<QualificationVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="qualification-review-search"
      emptyText={list.tab === 'pending' ? '没有待审核的资质' : '暂无记录'}
      table={{ scroll: { x: 1250 }, size: 'middle' }}
      columns={[
        { title: '供应商', dataIndex: 'supplierName', width: 190, ellipsis: true },
        { title: '资质类型', dataIndex: 'typeName', width: 180 },
        qualificationColumns.number(250, true),
        qualificationColumns.validity(220),
        qualificationColumns.file(140),
        qualificationColumns.submittedAt(),
        qualificationColumns.review(150),
        {
          title: '操作',
          key: 'actions',
          width: 120,
          fixed: 'right',
          render: (_, q) =>
            q.status === 0 ? (
              <Can flag="modify">
                <Flex gap={4}>
                  <Button type="link" size="small" onClick={() => approve(q)}>
                    通过
                  </Button>
                  <Button type="link" size="small" danger onClick={() => refuse(q)}>
                    驳回
                  </Button>
                </Flex>
              </Can>
            ) : (
              '—'
            ),
        },
      ]}
    >
      <ReasonModal request={asking} onClose={() => setAsking(null)} />
    </ListPage>
  );
}
