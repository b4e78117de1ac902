import { CARD_STATUS_TEXT, type CardStatus } from '@kc/contracts/ledgers/budget';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Typography } from 'antd';
import { MoneyCell } from '../../../../components/money-cell.tsx';
import { Can } from '../../../../components/page-flags.tsx';
import type { GrantCardVO } from '../api/grant-cards-api.ts';

export const STATUS_COLOR: Record<CardStatus, string> = { active: 'green', invalid: 'default', frozen: 'orange' };

/** 经费卡的列：卡号、课题、负责人、金额与余额、有效期、状态；台账、编辑、结转回到页面。 */
export const grantCardColumns = ({
  finance,
  openEdit,
  setCarrying,
  setLedger,
}: {
  finance: boolean;
  openEdit: (row: GrantCardVO) => Promise<unknown>;
  setCarrying: (row: GrantCardVO) => void;
  setLedger: (row: GrantCardVO) => void;
}): TableColumnsType<GrantCardVO> => [
  { title: '经费卡号', dataIndex: 'cardNo', width: 110 },
  {
    title: '课题名称',
    key: 'title',
    render: (_, r) => (
      <Flex vertical>
        <span>{r.title}</span>
        <Typography.Text type="secondary">
          负责人 {r.piName ?? '—'}
          {r.deptName ? ` · ${r.deptName}` : ''}
          {r.source === 'api' ? ' · 财务系统同步' : ''}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: '有效期',
    key: 'valid',
    width: 110,
    render: (_, r) => (
      <Flex vertical>
        <span>{r.validFrom}</span>
        <Typography.Text type="secondary">至 {r.validTo}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: '状态',
    key: 'status',
    width: 100,
    render: (_, r) => (
      <Flex gap={4} vertical align="start">
        <Tag color={STATUS_COLOR[r.status]}>{CARD_STATUS_TEXT[r.status]}</Tag>
        {r.policy === 'warn' && <Tag>超支提醒</Tag>}
      </Flex>
    ),
  },
  { title: '总额', key: 'total', width: 125, align: 'right', render: (_, r) => <MoneyCell fen={r.total} /> },
  { title: '冻结', key: 'frozen', width: 115, align: 'right', render: (_, r) => <MoneyCell fen={r.frozen} /> },
  { title: '已支出', key: 'drawn', width: 115, align: 'right', render: (_, r) => <MoneyCell fen={r.drawn} /> },
  { title: '可用余额', key: 'available', width: 125, align: 'right', render: (_, r) => <MoneyCell fen={r.available} strong /> },
  {
    title: '操作',
    key: 'actions',
    width: 140,
    render: (_, r) => (
      <Flex gap={4}>
        <Button type="link" size="small" onClick={() => setLedger(r)} data-testid={`grant-card-ledger-${r.cardNo}`}>
          台账
        </Button>
        <Can flag="modify">
          <Button type="link" size="small" onClick={() => void openEdit(r).catch(() => undefined)}>
            修改
          </Button>
          {finance && r.frozen > 0 && (
            <Button type="link" size="small" onClick={() => setCarrying(r)}>
              结转
            </Button>
          )}
        </Can>
      </Flex>
    ),
  },
];
