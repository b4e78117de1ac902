import { Tag } from 'antd';
import type { ContractVO } from '../api/contracts-api.ts';

const COLOURS: Record<ContractVO['phase'], string> = {
  draft: 'default',
  pendingSign: 'processing',
  active: 'success',
  expiring: 'warning',
  renewalPending: 'gold',
  renewed: 'cyan',
  expired: 'default',
  terminated: 'error',
};

/** A contract's phase: 生效中, 即将到期 (with the days left), 续签中, 已到期 … */
export function ContractPhaseTag({ phase, phaseName, daysLeft }: { phase: ContractVO['phase']; phaseName: string; daysLeft: number | null }) {
  return (
    <Tag color={COLOURS[phase]} data-testid="contract-phase">
      {phaseName}
      {daysLeft !== null && (phase === 'expiring' || phase === 'renewalPending') ? `（剩 ${daysLeft} 天）` : ''}
    </Tag>
  );
}
