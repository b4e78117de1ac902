import type { CheckRuleVO } from '@kc/contracts/finance/settlement';
import { shanghaiDate } from '@kc/contracts/platform/common';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { fail } from '../../../platform/http/errors.ts';
import { freezeReason } from '../claims/index.ts';
import type { CheckRulesRepository } from './check-rules.repository.ts';
import { reachOf } from './reach.ts';
import { DEFAULT_RULE, type Rule } from './settle-rules.ts';

type RuleRow = NonNullable<Awaited<ReturnType<CheckRulesRepository['rule']>>>;

const toVO = (r: RuleRow): CheckRuleVO => {
  const saved = r.period !== null;
  return {
    instituteId: r.institute_id,
    instituteName: r.institute_name,
    period: 'monthly',
    cutoffDay: saved ? Number(r.cutoff_day) : DEFAULT_RULE.cutoffDay,
    countStates: saved ? (String(r.count_states).split(',') as Rule['countStates']) : DEFAULT_RULE.countStates,
    deductions: saved ? JSON.parse(String(r.deductions)) : DEFAULT_RULE.deductions,
    saved,
    updatedAt: r.updated_at ?? null,
  };
};

/**
 * checkRule: how an institute settles (period, cut-off day, which sub-order states count,
 * deductions). Institute finance reads and saves its own; the platform admin any institute's.
 */
export class CheckRulesService {
  constructor(private readonly repo: CheckRulesRepository) {}

  /** The institute a call is about: finance's own, or the one the platform admin names. */
  instituteFor(c: Caller, asked?: number): number {
    const reach = reachOf(c);
    if (reach.instituteId !== null) {
      if (asked && asked !== reach.instituteId) fail('NOT_FOUND', '单位不存在或不在您的管理范围内');
      return reach.instituteId;
    }
    if (!asked) return fail('BAD_REQUEST', '请选择单位');
    return asked;
  }

  async get(c: Caller, instituteId?: number): Promise<CheckRuleVO> {
    const row = await this.repo.rule(this.instituteFor(c, instituteId));
    if (!row) return fail('NOT_FOUND', '单位不存在');
    return toVO(row);
  }

  /** The rule generation applies (the defaults while nothing is saved). */
  async ruleOf(instituteId: number): Promise<Rule> {
    const row = await this.repo.rule(instituteId);
    return row ? toVO(row) : DEFAULT_RULE;
  }

  /** Refuses inside the institute's settlement freeze window (e.g. 12-17 to 12-31 while the books close). */
  async mustNotBeFrozen(instituteId: number) {
    const f = await this.repo.freeze(instituteId);
    if (f && freezeReason(shanghaiDate(), f.freeze_from, f.freeze_to))
      fail('BAD_REQUEST', `本单位结账期间（${f.freeze_from} 至 ${f.freeze_to}）暂停生成对账单，请在结账期后生成`);
  }

  async list(c: Caller): Promise<CheckRuleVO[]> {
    return (await this.repo.rules(reachOf(c).instituteId)).map(toVO);
  }

  async save(w: Who, b: Rule & { instituteId?: number }): Promise<CheckRuleVO> {
    const instituteId = this.instituteFor(w.caller, b.instituteId);
    if (!(await this.repo.rule(instituteId))) fail('NOT_FOUND', '单位不存在');
    await this.repo.inTransaction(async (r, trx) => {
      await r.save({
        institute_id: instituteId,
        period: b.period,
        cutoff_day: b.cutoffDay,
        count_states: [...new Set(b.countStates)].join(','),
        deductions: JSON.stringify(b.deductions.map((d) => ({ name: d.name, kind: d.kind, value: d.value }))),
        updated_by: w.caller.userId,
      });
      await writeAudit(trx, { userId: w.caller.userId, action: 'checkRule.save', target: `institute:${instituteId}`, detail: b, ip: w.ip });
    });
    return this.get(w.caller, instituteId);
  }
}
