import { TECH_CATEGORIES } from '@kc/contracts/buying/tech-services';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type ListField, ListPage, useListPage } from '../../../../components/list-page/index.ts';
import type { MenuPageProps } from '../../../../lib/menu-entries.ts';
import { useUserAllInfo } from '../../../../lib/session-queries.ts';
import { techKeys } from '../api/tech-query-keys.ts';
import { checkSellerStatus, getServices, type TechItemVO } from '../api/tech-services-api.ts';
import { RequestModal } from '../components/request-modal.tsx';
import { priceText } from '../components/tech-format.ts';

const FIELDS: ListField[] = [
  { kind: 'text', name: 'keyword', label: '关键词', placeholder: '服务名称或服务商', width: 200 },
  { kind: 'select', name: 'category', label: '服务类别', options: TECH_CATEGORIES.map((c) => ({ value: c, label: c })) },
];

/**
 * /cass/techService/browse (服务目录): the services of suppliers contracted with the buyer's
 * institute; 委托 checks the seller first (checkSellerStatus) and opens the sample form.
 */
export function TechBrowsePage({ entry, home }: MenuPageProps) {
  const list = useListPage<TechItemVO>({ queryKey: techKeys.browse, fields: FIELDS, request: getServices });
  const [requesting, setRequesting] = useState<TechItemVO | null>(null);
  const { data: info } = useUserAllInfo();
  const navigate = useNavigate();

  const open = async (item: TechItemVO) => {
    try {
      await checkSellerStatus(item.id);
      setRequesting(item);
    } catch {
      // the refusal is shown by the error catalogue
    }
  };

  return (
    <ListPage<TechItemVO>
      list={list}
      title={entry.name}
      parents={entry.parents}
      home={home}
      searchName="tech-service-search"
      emptyText="没有符合条件的技术服务：与本单位供货合同生效的服务商发布的测序、合成、检测服务会列在这里"
      columns={[
        {
          title: '服务名称',
          key: 'name',
          render: (_, r) => (
            <Flex vertical>
              <span>{r.name}</span>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 420 }}>
                {r.description}
              </Typography.Paragraph>
            </Flex>
          ),
        },
        { title: '服务类别', key: 'category', width: 100, render: (_, r) => <Tag>{r.category}</Tag> },
        { title: '服务商', dataIndex: 'supplierName', width: 200 },
        { title: '参考价格', key: 'price', width: 130, align: 'right', render: (_, r) => priceText(r.price, r.unit) },
        { title: '周期', key: 'days', width: 80, render: (_, r) => `${r.turnaroundDays} 天` },
        {
          title: '操作',
          key: 'actions',
          width: 90,
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => void open(r)} data-testid={`tech-request-${r.id}`}>
              委托
            </Button>
          ),
        },
      ]}
    >
      <RequestModal
        item={requesting}
        defaultPhone={info?.user.phoneNum ?? ''}
        onClose={() => setRequesting(null)}
        onDone={() => {
          setRequesting(null);
          navigate('/cass/techService/requests');
        }}
      />
    </ListPage>
  );
}
