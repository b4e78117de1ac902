import { Button, type TableColumnType } from 'antd';
import { openPdfInNewTab } from '../../../../lib/file-download.ts';
import { type ContractVO, contractPdf, exitFormPdf } from '../api/contracts-api.ts';
import { ContractPhaseTag } from './contract-phase-tag.tsx';

type Phased = Pick<ContractVO, 'phase' | 'phaseName' | 'daysLeft'>;

/** Columns the supplier's 合同管理 and the platform's 供应商合同 show alike (widths per page). */
export const contractColumns = {
  institute: (width: number): TableColumnType<ContractVO> => ({ title: '研究所', dataIndex: 'instituteName', width, ellipsis: true }),
  period: (): TableColumnType<ContractVO> => ({ title: '有效期', key: 'dates', width: 200, render: (_, c) => `${c.startDate} 至 ${c.endDate}` }),
  /** a contract's or a supplier-base row's phase */
  phase: <R extends Phased>(): TableColumnType<R> => ({
    title: '状态',
    key: 'phase',
    width: 150,
    render: (_, c) => <ContractPhaseTag phase={c.phase} phaseName={c.phaseName} daysLeft={c.daysLeft} />,
  }),
};

/** The contract as a PDF in a new tab (an error has been shown by the error catalogue). */
export function ContractPdfButton({ c, label }: { c: ContractVO; label: string }) {
  return (
    <Button type="link" size="small" onClick={() => void openPdfInNewTab(() => contractPdf(c.id)).catch(() => undefined)}>
      {label}
    </Button>
  );
}

/** 退出表 of a terminated contract (status 5); nothing for any other. */
export function ExitFormButton({ c }: { c: ContractVO }) {
  if (c.status !== 5) return null;
  return (
    <Button type="link" size="small" onClick={() => void openPdfInNewTab(() => exitFormPdf(c.id)).catch(() => undefined)}>
      退出表
    </Button>
  );
}
