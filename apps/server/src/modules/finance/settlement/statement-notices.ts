import type { Transaction } from 'kysely';
import type { DB } from '../../../platform/db/schema.ts';
import { yuanText } from '../../../platform/documents/rmb-uppercase.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';

const SUPPLIER_LINK = '/cassSupplier/statement';
const FINANCE_LINK = '/cass/settle/statements';

interface About {
  statement_no: string;
  institute_id: number;
  supplier_id: number;
  month: string;
  institute_name: string;
  supplier_name: string;
  net_amount: number | string;
}

/**
 * Who hears of a statement's moves, in the move's transaction: the supplier's accounts when it is
 * sent or paid, the institute's finance when the supplier confirms or disputes it.
 */
export class StatementNotices {
  constructor(
    private readonly messages: MessagesService,
    private readonly approvals: ApprovalsService,
  ) {}

  sent(trx: Transaction<DB>, s: About, again: boolean) {
    return this.messages.tellSupplier(trx, s.supplier_id, {
      title: again ? '对账单已更正，请重新核对' : '对账单待确认',
      content: `${s.institute_name} ${s.month} 对账单 ${s.statement_no}，应付 ¥${yuanText(Number(s.net_amount))}，请核对后确认或对有误的行提出异议`,
      link: SUPPLIER_LINK,
    });
  }

  async answered(trx: Transaction<DB>, s: About, confirmed: boolean, reason: string | null, aclVersion: string | null) {
    const finance = await this.approvals.recipients('finance', { institute_id: s.institute_id, team_id: null }, aclVersion, trx);
    await this.messages.tell(
      trx,
      finance.map((u) => u.id),
      {
        title: confirmed ? '供应商已确认对账单' : '供应商对对账单提出异议',
        content: `${s.supplier_name} ${s.month} 对账单 ${s.statement_no}${confirmed ? ' 已确认，待财务审核' : `：${reason ?? ''}`}`,
        link: FINANCE_LINK,
      },
    );
  }

  paid(trx: Transaction<DB>, s: About, amount: number, bankRef: string) {
    return this.messages.tellSupplier(trx, s.supplier_id, {
      title: '对账单已付款',
      content: `${s.institute_name} 对账单 ${s.statement_no} 付款 ¥${yuanText(amount)}（银行流水号 ${bankRef}）`,
      link: SUPPLIER_LINK,
    });
  }
}
