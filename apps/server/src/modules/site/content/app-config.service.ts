import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { fail } from '../../../platform/http/errors.ts';
import { transition } from '../../../platform/transitions.ts';
import type { AppConfigRepository, AppFamily } from './app-config.repository.ts';
import { PAGE_CONFIG_TRANSITIONS } from './content-states.ts';

export type { AppFamily };

const NOT_FOUND = '配置不存在';
const PLATFORM_NAME = '平台默认';

/**
 * App page config and app versions, one table (app_config). The platform manages every institute's
 * and the default (institute 0); an institute owner only its own. Starting is one UPDATE; the partial
 * unique index (institute, kind) WHERE status = 1 refuses a second active one, also when two starts race.
 */
export class AppConfigService {
  constructor(private readonly repo: AppConfigRepository) {}

  private instituteOf(c: Caller, requested: number | undefined) {
    if (c.accountType === 0) return requested ?? 0;
    if (c.instituteId === null) return fail('FORBIDDEN', '当前账号不属于任何研究所');
    if (requested !== undefined && requested !== c.instituteId) fail('FORBIDDEN', '只能配置本单位的 App');
    return c.instituteId;
  }
  private kindOf(family: AppFamily, payload: { platform?: string }) {
    return family === 'page' ? 'page' : `version:${payload.platform}`;
  }
  private async mine(c: Caller, family: AppFamily, id: number) {
    const r = await this.repo.byId(family, id);
    if (!r || (c.accountType !== 0 && r.institute_key !== c.instituteId)) return fail('NOT_FOUND', NOT_FOUND);
    return r;
  }

  async page(c: Caller, family: AppFamily, q: { current: number; size: number; instituteId?: number; status?: number }) {
    const only = c.accountType === 0 ? q.instituteId : this.instituteOf(c, q.instituteId);
    const { rows, total } = await this.repo.page(family, { instituteKey: only, status: q.status }, q.size, (q.current - 1) * q.size);
    return { records: rows.map((r) => this.vo(r)), total, current: q.current, size: q.size };
  }
  private vo(r: {
    id: number;
    institute_key: number;
    institute_name?: string | null;
    kind: string;
    title: string;
    payload: string;
    status: number;
    updated_at: string;
  }) {
    return {
      id: r.id,
      instituteId: r.institute_key,
      instituteName: r.institute_key === 0 ? PLATFORM_NAME : (r.institute_name ?? ''),
      kind: r.kind,
      title: r.title,
      payload: JSON.parse(r.payload) as Record<string, unknown>,
      status: r.status,
      updatedAt: r.updated_at,
    };
  }

  async add(w: Who, family: AppFamily, b: { instituteId?: number; title: string; payload: { platform?: string } }) {
    const inst = this.instituteOf(w.caller, b.instituteId);
    if (inst !== 0 && !(await this.repo.instituteExists(inst))) fail('NOT_FOUND', '研究所不存在');
    const id = await this.repo.insert({
      instituteKey: inst,
      kind: this.kindOf(family, b.payload),
      title: b.title,
      payload: JSON.stringify(b.payload),
      by: w.caller.userId,
      now: nowIso(),
    });
    await this.repo.audit({ userId: w.caller.userId, action: `appConfig.${family}.add`, target: `appConfig:${id}`, detail: b, ip: w.ip });
    return { id };
  }

  async update(w: Who, family: AppFamily, b: { id: number; title: string; payload: { platform?: string } }) {
    const r = await this.mine(w.caller, family, b.id);
    const kind = this.kindOf(family, b.payload);
    try {
      await this.repo.update(r.id, { title: b.title, payload: JSON.stringify(b.payload), kind, by: w.caller.userId, now: nowIso() });
    } catch (e) {
      if (isUniqueViolation(e)) fail('STATE_CONFLICT', '该平台已有启用中的版本，请先停用');
      throw e;
    }
    await this.repo.audit({ userId: w.caller.userId, action: `appConfig.${family}.update`, target: `appConfig:${r.id}`, detail: b, ip: w.ip });
  }

  async remove(w: Who, family: AppFamily, id: number) {
    const r = await this.mine(w.caller, family, id);
    if (r.status === 1) fail('BAD_REQUEST', '启用中的配置不能删除，请先停用');
    await this.repo.deleteStopped(r.id);
    await this.repo.audit({ userId: w.caller.userId, action: `appConfig.${family}.delete`, target: `appConfig:${r.id}`, ip: w.ip });
  }

  async setActive(w: Who, family: AppFamily, id: number, action: 'start' | 'stop') {
    const r = await this.mine(w.caller, family, id);
    const from = r.status === 1 ? 'active' : 'stopped';
    const to = transition(PAGE_CONFIG_TRANSITIONS, from, action, 'manager');
    if (!to) fail('STATE_CONFLICT', action === 'start' ? '该配置已启用' : '该配置已停用');
    try {
      if (!(await this.repo.setStatus(r.id, r.status, to === 'active' ? 1 : 0, w.caller.userId, nowIso()))) fail('STATE_CONFLICT');
    } catch (e) {
      if (isUniqueViolation(e)) fail('STATE_CONFLICT', '该研究所已有启用中的同类配置，请先停用');
      throw e;
    }
    await this.repo.audit({ userId: w.caller.userId, action: `appConfig.${family}.${action}`, target: `appConfig:${r.id}`, ip: w.ip });
  }

  /** What the app shows: the institute's active one, else the platform default. */
  async valid(family: AppFamily, instituteId: number | undefined, platform?: string) {
    const kind = family === 'page' ? 'page' : `version:${platform ?? 'android'}`;
    const rows = await this.repo.active(kind, [0, instituteId ?? 0]);
    const r = rows.find((x) => x.institute_key === instituteId) ?? rows.find((x) => x.institute_key === 0);
    return r ? this.vo(r) : null;
  }
}
