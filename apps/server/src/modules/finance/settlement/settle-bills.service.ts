import { type SettleBillResult, STATEMENT_STATUS_TEXT, type StatementStatus } from '@kc/contracts/finance/settlement';
import { writeAudit } from '../../../platform/audit/audit.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { PaymentsService } from './payments.service.ts';
import type { SettleBillsRepository } from './settle-bills.repository.ts';
import type { StatementsRepository } from './statements.repository.ts';

const num = (v: unknown) => Number(v ?? 0);

/** The client id of a request signed with basic client credentials (the guard has already checked its secret and signature). */
export function basicClientId(authorization: string | undefined): string | null {
  const [scheme, cred] = (authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !cred) return null;
  const decoded = Buffer.from(cred, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : null;
}

/**
 * zkpd settleBillBatch: an institute's finance system, signed in with the API-client credentials
 * the platform issued to it (api_client.institute_id names its institute), reports a batch of
 * settled bills: each pays one of the institute's approved statements with a bank reference. The
 * batch is applied in one transaction (all bills or none) and remembered with its answer; the same
 * batch number again changes nothing and answers the first result, saying so.
 */
export class SettleBillsService {
  constructor(
    private readonly repo: SettleBillsRepository,
    private readonly statements: StatementsRepository,
    /** each bill is a payment, recorded in the batch's transaction */
    private readonly payments: Pick<PaymentsService, 'recordIn'>,
  ) {}

  async settle(
    authorization: string | undefined,
    ip: string,
    b: { batchNo: string; bills: { statementNo: string; amount: number; bankRef: string; paidOn: string }[] },
  ): Promise<{ result: SettleBillResult; message: string }> {
    const clientId = basicClientId(authorization);
    const client = clientId ? await this.repo.client(clientId) : undefined;
    if (!client || client.institute_id === null) return fail('FORBIDDEN', '该接口客户端未绑定单位，不能提交结算批次');
    const instituteId = client.institute_id;
    const repeated = async () => {
      const old = await this.repo.batch(instituteId, b.batchNo);
      if (!old) return null;
      return { result: { ...(JSON.parse(old.result) as SettleBillResult), repeated: true }, message: `批次 ${b.batchNo} 已于此前处理，本次未做任何更改` };
    };
    const seen = await repeated();
    if (seen) return seen;
    try {
      const result = await this.repo.inTransaction(async (r, trx) => {
        const statements = this.statements.within(trx);
        const batchId = await r.insertBatch({
          batch_no: b.batchNo,
          institute_id: instituteId,
          api_client_id: client.id,
          bill_count: b.bills.length,
          amount: b.bills.reduce((a, x) => a + x.amount, 0),
        });
        const bills: SettleBillResult['bills'] = [];
        for (const [i, bill] of b.bills.entries()) {
          const s = await statements.statementByNo(bill.statementNo, instituteId);
          if (!s) return fail('NOT_FOUND', `第 ${i + 1} 张结算单 ${bill.statementNo} 不存在或不属于本单位`);
          await this.payments.recordIn(
            trx,
            { instituteId, supplierId: null },
            { userId: null, actor: 'api', batchId },
            { bankRef: bill.bankRef, paidOn: bill.paidOn, remark: `结算批次 ${b.batchNo}`, allocations: [{ statementId: s.id, amount: bill.amount }] },
          );
          const after = (await statements.statementByNo(bill.statementNo, instituteId))!;
          bills.push({
            statementNo: after.statement_no,
            supplierName: after.supplier_name,
            supplierCreditCode: after.supplier_credit_code,
            amount: bill.amount,
            bankRef: bill.bankRef,
            paidOn: bill.paidOn,
            statementNet: num(after.net_amount),
            statementPaid: num(after.paid_amount),
            status: after.status,
            statusText: STATEMENT_STATUS_TEXT[after.status as StatementStatus],
          });
        }
        const out: SettleBillResult = { batchNo: b.batchNo, repeated: false, processedAt: new Date().toISOString(), bills };
        await r.setResult(batchId, JSON.stringify(out));
        await writeAudit(trx, {
          userId: null,
          action: 'statement.settleBillBatch',
          target: `settle_batch:${batchId}`,
          detail: { client: clientId, batchNo: b.batchNo },
          ip,
        });
        return out;
      });
      return { result, message: `批次 ${b.batchNo} 已处理：${result.bills.length} 张结算单` };
    } catch (e) {
      // the same batch arrived twice at once: the other one was applied
      if (isUniqueViolation(e)) {
        const again = await repeated();
        if (again) return again;
      }
      throw e;
    }
  }
}
