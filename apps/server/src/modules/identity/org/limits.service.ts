import type { Transaction } from 'kysely';
import type { Caller } from '../../../platform/auth/access.ts';
import { isPlatformAdmin } from '../../../platform/auth/admin-scope.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { LimitsRepository } from './limits.repository.ts';

export type LimitName = 'deptCount' | 'instituteUserCount';

/** Used when an installation has no limit rows at all (the demo seed writes these same values). */
const DEFAULTS: Record<LimitName, number> = { deptCount: 200, instituteUserCount: 2000 };

const REACHED: Record<LimitName, (n: number) => string> = {
  deptCount: (n) => `本所部门数量已达上限（${n} 个），不能再新增部门，请联系平台管理员调整上限`,
  instituteUserCount: (n) => `本所用户数量已达上限（${n} 名），不能再新增用户，请联系平台管理员调整上限`,
};

/** Count limits of docs/domains/identity.md#count-limits: one value per institute, else the platform default. */
export class LimitsService {
  constructor(private readonly limits: LimitsRepository) {}

  /** The limits inside the caller's transaction: `within(trx).enforce(…)` right before the insert it guards. */
  within(trx: Transaction<DB>) {
    return new LimitsService(this.limits.within(trx));
  }

  async limitOf(name: LimitName, instituteId: number | null) {
    const row = await this.limits.find(name, instituteId);
    return row?.value ?? DEFAULTS[name];
  }

  /**
   * On a service bound to the caller's transaction (`within(trx)`): locks the institute, then
   * refuses when `used()` has reached the limit.
   */
  async enforce(name: LimitName, instituteId: number, used: () => Promise<number>) {
    await this.limits.lockInstitute(instituteId);
    const limit = await this.limitOf(name, instituteId);
    if ((await used()) >= limit) fail('LIMIT_REACHED', REACHED[name](limit));
  }

  /**
   * The limits page: each institute's department and user limits with what it uses, and whether the
   * value is its own or the platform default. Outside the platform admin only the caller's institute.
   */
  async overview(c: Caller, f: { name?: string }, current: number, size: number) {
    const onlyId = isPlatformAdmin(c) ? undefined : (c.instituteId ?? -1);
    const { total, records } = await this.limits.institutePage({ name: f.name, onlyId }, (current - 1) * size, size);
    const ids = records.map((r) => r.id);
    const [settings, usage] = await Promise.all([this.limits.settingsOf(ids), this.limits.usage(ids)]);
    // later rows win, as in find(): a race may have left two
    const own = new Map(settings.filter((s) => s.institute_id !== null).map((s) => [`${s.name}:${s.institute_id}`, s.value]));
    const defaults = this.defaultsFrom(settings);
    const limitOf = (name: LimitName, id: number) => {
      const v = own.get(`${name}:${id}`);
      return { limit: v ?? defaults[name], own: v !== undefined };
    };
    return {
      records: records.map((r) => {
        const dept = limitOf('deptCount', r.id);
        const user = limitOf('instituteUserCount', r.id);
        return {
          instituteId: r.id,
          instituteName: r.name,
          instituteCode: r.code,
          deptLimit: dept.limit,
          deptOwn: dept.own,
          deptUsed: usage.depts.get(r.id) ?? 0,
          userLimit: user.limit,
          userOwn: user.own,
          userUsed: usage.users.get(r.id) ?? 0,
        };
      }),
      total,
      current,
      size,
    };
  }

  /** The platform defaults (institutes without their own value use these). */
  async defaults() {
    return this.defaultsFrom(await this.limits.settingsOf([]));
  }

  private defaultsFrom(settings: { name: string; institute_id: number | null; value: number }[]): Record<LimitName, number> {
    const out = { ...DEFAULTS };
    for (const s of settings) if (s.institute_id === null && Object.hasOwn(out, s.name)) out[s.name as LimitName] = s.value;
    return out;
  }

  /** Platform admin only: an institute's own limit, or the default for all when no institute is named. */
  async set(c: Caller, name: LimitName, instituteId: number | null, value: number, ip: string) {
    if (!isPlatformAdmin(c)) fail('FORBIDDEN', '仅平台管理员可以调整数量上限');
    if (instituteId !== null && !(await this.limits.instituteExists(instituteId))) fail('NOT_FOUND', '研究所不存在');
    await this.limits.inTransaction(async (r) => {
      await r.upsert(name, instituteId, value);
      await r.audit({
        userId: c.userId,
        action: `limit.${name}`,
        target: instituteId === null ? 'institute:*' : `institute:${instituteId}`,
        detail: { value },
        ip,
      });
    });
  }
}
