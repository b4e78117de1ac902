import {
  type DuplicateHintVO,
  MAX_SNOOZE_DAYS,
  RULE_DEFAULT_DICT_KEY,
  RULE_THRESHOLD,
  RULE_TYPE_TEXT,
  RULE_TYPES,
  type RuleType,
  SCANNED_RULES,
  WARNING_ACTION_TEXT,
  WARNING_STATE_TEXT,
  type WarningAction,
  type WarningQuery,
  type WarningRuleInput,
  type WarningRuleList,
  type WarningState,
  type WarningVO,
} from '@kc/contracts/oversight/warnings';
import { shanghaiDate } from '@kc/contracts/platform/common';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import { callerScope } from '../../../platform/db/data-scope.ts';
import { fail } from '../../../platform/http/errors.ts';
import { bulkTransition } from '../../../platform/transitions.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { MessagesService } from '../../shared/messages/index.ts';
import { type Candidate, RULE_CHECKS } from './warning-checks.ts';
import { addDays, dayStartIso } from './warning-days.ts';
import { nextWarningState, userActions, WARNING_TRANSITIONS } from './warning-states.ts';
import type { WarningsRepository } from './warnings.repository.ts';

export interface Who {
  caller: Caller;
  ip: string;
}

export interface ScanOutcome {
  created: number;
  resolved: number;
  woken: number;
}

const WARNINGS_LINK = '/cass/warning/list';
const CLEAR = bulkTransition(WARNING_TRANSITIONS, 'clear', 'system');
const WAKE = bulkTransition(WARNING_TRANSITIONS, 'wake', 'system');

/**
 * 预警: the institute's rules, the daily scan that turns what they find into warnings (one per rule
 * and subject), the people's moves on them, the daily digest, and the checkout's duplicate hint.
 */
export class WarningsService {
  constructor(
    private readonly repo: WarningsRepository,
    private readonly d: {
      messages: MessagesService;
      approvals: ApprovalsService;
      /** a threshold's default for an institute (the warning_threshold dictionary) */
      threshold?: (instituteId: number, key: string, fallback: number) => Promise<number>;
      /** qualification type names (the qualification_type dictionary) for the expiry warnings */
      qualificationNames?: () => Promise<Map<string, string>>;
    },
  ) {}

  // ── the list and the moves ──
  async page(c: Caller, q: WarningQuery) {
    const { rows, total } = await this.repo.page(callerScope(c), c.userId, q);
    const records: WarningVO[] = rows.map((w) => ({
      id: w.id,
      type: w.rule_type as RuleType,
      state: w.state as WarningState,
      title: w.title,
      detail: w.detail,
      link: w.link,
      dueOn: w.due_on,
      snoozedUntil: w.snoozed_until,
      teamName: w.team_name,
      ownerName: w.owner_name,
      actedByName: w.acted_by === null ? (w.acted_at ? '系统' : null) : w.actor_name,
      actedAt: w.acted_at,
      createdAt: w.created_at,
      actions: userActions(w.state as WarningState),
    }));
    return { records, total, current: q.current, size: q.size };
  }

  async act(who: Who, id: number, action: WarningAction, until?: string) {
    const c = who.caller;
    if (action === 'snooze') {
      const today = shanghaiDate();
      if (!until || until <= today) fail('BAD_REQUEST', '暂缓日期须晚于今天');
      if ((until as string) > addDays(today, MAX_SNOOZE_DAYS)) fail('BAD_REQUEST', `最多暂缓 ${MAX_SNOOZE_DAYS} 天`);
    }
    await this.repo.inTransaction(async (trx) => {
      const w = await this.repo.findVisible(trx, callerScope(c), c.userId, id);
      if (!w) return fail('NOT_FOUND', '预警不存在');
      const from = w.state as WarningState;
      const to = nextWarningState(from, action, 'user');
      if (!to) return fail('STATE_CONFLICT', `预警${WARNING_STATE_TEXT[from]}，不能${WARNING_ACTION_TEXT[action]}`);
      if (!(await this.repo.move(trx, id, from, to, c.userId, action === 'snooze' ? (until as string) : null))) fail('STATE_CONFLICT');
      await writeAudit(trx, { userId: c.userId, action: `warning.${action}`, target: String(id), detail: until ? { until } : undefined, ip: who.ip });
    });
  }

  // ── rules ──
  /** The institute a rules call is about: the platform admin names any (default the first), everyone else has their own. */
  private async instituteFor(c: Caller, requested?: number) {
    if (c.dataScope === 'all') {
      const all = await this.repo.institutes();
      const chosen = requested === undefined ? all[0] : all.find((i) => i.id === requested);
      if (!chosen) return fail('NOT_FOUND', '研究所不存在');
      return { chosen, choices: all };
    }
    if (c.instituteId === null) return fail('FORBIDDEN', '请先选择所在单位');
    if (requested !== undefined && requested !== c.instituteId) return fail('NOT_FOUND', '研究所不存在');
    const own = await this.repo.institutes(c.instituteId);
    if (!own[0]) return fail('NOT_FOUND', '研究所不存在');
    return { chosen: own[0], choices: own };
  }

  /** Every rule type of an institute: saved values, or the defaults. */
  private async effectiveRules(instituteId: number) {
    const saved = new Map((await this.repo.rules(instituteId)).map((r) => [r.rule_type, r]));
    // defaults from the dictionary (per institute, cached by version); the contract's as the fallback
    const read = this.d.threshold;
    const defaults = new Map(
      await Promise.all(
        RULE_TYPES.map(
          async (t) => [t, read ? await read(instituteId, RULE_DEFAULT_DICT_KEY[t], RULE_THRESHOLD[t].default) : RULE_THRESHOLD[t].default] as const,
        ),
      ),
    );
    return RULE_TYPES.map((type) => {
      const s = saved.get(type);
      return {
        type,
        enabled: s ? s.enabled === 1 : true,
        threshold: s ? s.threshold : (defaults.get(type) ?? RULE_THRESHOLD[type].default),
        isDefault: !s,
        updatedAt: s?.updated_at ?? null,
      };
    });
  }

  async rules(c: Caller, instituteId?: number): Promise<WarningRuleList> {
    const { chosen, choices } = await this.instituteFor(c, instituteId);
    return { instituteId: chosen.id, instituteName: chosen.name, institutes: choices, rules: await this.effectiveRules(chosen.id) };
  }

  async saveRule(who: Who, body: WarningRuleInput) {
    const { chosen } = await this.instituteFor(who.caller, body.instituteId);
    await this.repo.inTransaction(async (trx) => {
      await this.repo.saveRule(trx, { instituteId: chosen.id, type: body.type, enabled: body.enabled, threshold: body.threshold, by: who.caller.userId });
      await writeAudit(trx, {
        userId: who.caller.userId,
        action: 'warningRule.update',
        target: `${chosen.id}:${body.type}`,
        detail: { enabled: body.enabled, threshold: body.threshold },
        ip: who.ip,
      });
    });
  }

  // ── the scan ──
  /** 立即检查: the rules page scans its institute now (the daily job does every institute). */
  async scanNow(who: Who, instituteId?: number): Promise<ScanOutcome> {
    const { chosen } = await this.instituteFor(who.caller, instituteId);
    return this.scanInstitute(chosen.id, shanghaiDate());
  }

  async scanAll(today = shanghaiDate()): Promise<ScanOutcome> {
    const total: ScanOutcome = { created: 0, resolved: 0, woken: 0 };
    for (const i of await this.repo.institutes()) {
      const o = await this.scanInstitute(i.id, today);
      total.created += o.created;
      total.resolved += o.resolved;
      total.woken += o.woken;
    }
    return total;
  }

  /**
   * Each scanned rule: record what it finds (the unique subject key drops what is already there),
   * resolve the open warnings it no longer finds (or all of them when the rule is off), then bring
   * back the snoozed ones whose day has come. One transaction per rule.
   */
  async scanInstitute(instituteId: number, today: string): Promise<ScanOutcome> {
    const out: ScanOutcome = { created: 0, resolved: 0, woken: 0 };
    const names = await this.d.qualificationNames?.();
    for (const rule of await this.effectiveRules(instituteId)) {
      const check = RULE_CHECKS[rule.type];
      if (!SCANNED_RULES.includes(rule.type) || !check) continue;
      const found: Candidate[] = rule.enabled ? await this.repo.find(check, instituteId, rule.threshold, today, names) : [];
      await this.repo.inTransaction(async (trx) => {
        out.created += await this.repo.record(trx, instituteId, rule.type, found);
        const still = new Set(found.map((f) => f.subjectKey));
        const gone = (await this.repo.unresolved(trx, instituteId, rule.type)).filter((w) => !still.has(w.subject_key)).map((w) => w.id);
        out.resolved += await this.repo.moveMany(trx, gone, CLEAR.from, CLEAR.to, null);
      });
    }
    await this.repo.inTransaction(async (trx) => {
      const due = (await this.repo.dueSnoozed(trx, instituteId, today)).map((w) => w.id);
      out.woken += await this.repo.moveMany(trx, due, WAKE.from, WAKE.to, null);
    });
    return out;
  }

  /**
   * One message a day per person with new warnings: their own, and for an institute owner also the
   * institute's unowned ones (qualifications). warning_digest (person, day) is claimed in the same
   * transaction as the message, so a second run that day sends nothing.
   */
  async digest(today = shanghaiDate()): Promise<number> {
    const counts = new Map<number, Map<RuleType, number>>();
    const add = (userId: number, type: RuleType, n: number) => {
      const m = counts.get(userId) ?? new Map<RuleType, number>();
      m.set(type, (m.get(type) ?? 0) + n);
      counts.set(userId, m);
    };
    for (const r of await this.repo.newByOwner()) {
      const type = r.rule_type as RuleType;
      if (r.user_id !== null) add(r.user_id, type, Number(r.n));
      else for (const u of await this.d.approvals.recipients('institute', { institute_id: r.institute_id, team_id: null }, null)) add(u.id, type, Number(r.n));
    }
    let sent = 0;
    for (const [userId, byType] of counts) {
      const n = [...byType.values()].reduce((a, b) => a + b, 0);
      const parts = [...byType].map(([t, k]) => `${RULE_TYPE_TEXT[t]} ${k} 条`).join('、');
      await this.repo.inTransaction(async (trx) => {
        if (!(await this.repo.claimDigest(trx, userId, today, n))) return;
        await this.d.messages.tell(trx, [userId], { title: '今日预警汇总', content: `您有 ${n} 条待处理预警：${parts}`, link: WARNINGS_LINK });
        sent++;
      });
    }
    return sent;
  }

  // ── checkout ──
  /** 重复采购: the items of the cart the caller's team (or the caller) bought within the rule's days. */
  async duplicates(c: Caller, itemIds: number[]): Promise<DuplicateHintVO[]> {
    if (c.instituteId === null || itemIds.length === 0) return [];
    const rule = (await this.effectiveRules(c.instituteId)).find((r) => r.type === 'duplicate_purchase');
    if (!rule?.enabled) return [];
    const since = dayStartIso(addDays(shanghaiDate(), -rule.threshold));
    const who = c.teamId !== null ? '本课题组' : '您';
    const holder = { teamId: c.teamId, userId: c.userId };
    const [rows, held] = await Promise.all([
      this.repo.orderedRecently(c.instituteId, holder, itemIds, since),
      this.repo.heldInStock(c.instituteId, holder, itemIds),
    ]);
    const stock = new Map(held.map((h) => [h.item_id as number, { worth: Number(h.worth ?? 0), left: Number(h.left ?? 0), unit: h.unit }]));
    const ordered = new Map(rows.map((r) => [r.item_id, r]));
    return itemIds.flatMap((itemId) => {
      const r = ordered.get(itemId);
      const s = stock.get(itemId);
      if (!r && !s) return [];
      const last = r?.last_at ? shanghaiDate(new Date(r.last_at as string)) : null;
      const parts = [
        r ? `近 ${rule.threshold} 天已下单 ${Number(r.times)} 次${last ? `（最近 ${last}）` : ''}` : null,
        s ? `在库约 ${Math.round(s.worth * 10) / 10} 件（合 ${Math.round(s.left * 10) / 10}${s.unit}）` : null,
      ].filter(Boolean);
      return [
        {
          itemId,
          message: `${who}${parts.join('，')}，请确认是否重复采购`,
          lastOrderedAt: last,
          orderedTimes: r ? Number(r.times) : 0,
          inStock: s ? Math.round(s.worth * 10) / 10 : 0,
        },
      ];
    });
  }
}
