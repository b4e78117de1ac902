import { shanghaiDate } from '@kc/contracts/platform/common';
import {
  EXTERNAL_LOG_DAYS,
  EXTERNAL_TIMEOUT_MS,
  EXTERNAL_UNAVAILABLE,
  type ExternalInterfaceBody,
  type ExternalInterfaceVO,
  type ExternalKind,
  type ExternalLookupVO,
  type ExternalOutcome,
} from '@kc/contracts/supply/external';
import type { Selectable } from 'kysely';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { ExternalInterfaceTable } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import { answerFields } from './answer-fields.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import type { ExternalRepository } from './external.repository.ts';

type Row = Selectable<ExternalInterfaceTable>;

const isUnique = (e: unknown) => /unique|duplicate/i.test(String((e as Error)?.message));
/** the start of a Shanghai calendar day as a UTC ISO time */
const dayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000).toISOString();

/**
 * The external interfaces: the admin's registry, the lookups the item pages make through it (one
 * second at most, a breaker per interface, every call counted and logged), and the 90-day purge.
 */
export class ExternalService {
  /** per interface id and version (updated_at): a modified interface starts with a fresh breaker */
  private breakers = new Map<number, { version: string; breaker: CircuitBreaker }>();

  constructor(
    private readonly repo: ExternalRepository,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  private breakerOf(r: Row) {
    let b = this.breakers.get(r.id);
    if (!b || b.version !== r.updated_at) {
      b = { version: r.updated_at, breaker: new CircuitBreaker() };
      this.breakers.set(r.id, b);
    }
    return b.breaker;
  }

  // ── lookups ───────────────────────────────────────────────────────────────
  /** Never throws and never takes much longer than the interface's timeout (≤ 1000 ms). */
  async lookup(kind: ExternalKind, id: string): Promise<ExternalLookupVO> {
    const r = await this.repo.forKind(kind);
    if (!r) return { configured: false, available: false, message: null, source: null, fields: [] };
    const unavailable = { configured: true, available: false, message: EXTERNAL_UNAVAILABLE, source: r.name, fields: [] };
    const breaker = this.breakerOf(r);
    const started = Date.now();
    const url = r.url.replaceAll('{id}', encodeURIComponent(id));
    if (!breaker.allow(started)) {
      await this.record(r, id, 'open', null, 0, '熔断中，未调用');
      return unavailable;
    }
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), Math.min(r.timeout_ms, EXTERNAL_TIMEOUT_MS));
    let outcome: ExternalOutcome = 'error';
    let status: number | null = null;
    let error: string | null = null;
    let fields: ExternalLookupVO['fields'] = [];
    try {
      const res = await this.fetchFn(url, {
        method: r.method,
        signal: ctl.signal,
        headers: { accept: 'application/json' },
        body: r.method === 'POST' ? JSON.stringify({ id }) : undefined,
        redirect: 'error',
      });
      status = res.status;
      const text = await res.text();
      if (res.ok) {
        outcome = 'ok';
        fields = answerFields(text);
      } else error = `HTTP ${res.status}`;
    } catch (e) {
      outcome = ctl.signal.aborted ? 'timeout' : 'error';
      error = ctl.signal.aborted ? `超过 ${Math.min(r.timeout_ms, EXTERNAL_TIMEOUT_MS)} 毫秒未响应` : String((e as Error).message).slice(0, 200);
    } finally {
      clearTimeout(timer);
    }
    const latency = Date.now() - started;
    breaker.record(outcome !== 'ok');
    await this.record(r, id, outcome, status, latency, error);
    return outcome === 'ok' ? { configured: true, available: true, message: null, source: r.name, fields } : unavailable;
  }

  private async record(r: Row, target: string, outcome: ExternalOutcome, httpStatus: number | null, latencyMs: number, error: string | null) {
    const at = nowIso();
    await this.repo.record({ interfaceId: r.id, target, outcome, httpStatus, latencyMs, error, at, day: shanghaiDate(Date.parse(at)) });
  }

  /** The nightly purge: log rows and day counts older than 90 days. */
  purge(now = Date.now()) {
    const cutoff = now - EXTERNAL_LOG_DAYS * 86_400_000;
    return this.repo.purgeBefore(new Date(cutoff).toISOString(), shanghaiDate(cutoff));
  }

  // ── registry ──────────────────────────────────────────────────────────────
  async page(q: { name?: string; kind?: string; current: number; size: number }) {
    const { rows, total } = await this.repo.page(q);
    const today = await this.repo.dayCounts(
      rows.map((r) => r.id),
      shanghaiDate(),
    );
    const records: ExternalInterfaceVO[] = rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      kind: r.kind as ExternalKind,
      url: r.url,
      method: r.method as 'GET' | 'POST',
      timeoutMs: r.timeout_ms,
      enabled: r.enabled === 1,
      remark: r.remark,
      breaker: this.breakers.get(r.id)?.version === r.updated_at ? (this.breakers.get(r.id)?.breaker.state() ?? 'closed') : 'closed',
      todayCalls: today.get(r.id)?.calls ?? 0,
      todayFailures: today.get(r.id)?.failures ?? 0,
      updatedAt: r.updated_at,
    }));
    return { records, total, current: q.current, size: q.size };
  }

  private row(b: ExternalInterfaceBody) {
    return { code: b.code, name: b.name, kind: b.kind, url: b.url, method: b.method, timeout_ms: b.timeoutMs, enabled: b.enabled ? 1 : 0, remark: b.remark };
  }

  async create(w: Who, b: ExternalInterfaceBody) {
    const row = this.row(b);
    try {
      return await this.repo.transaction(async (trx) => {
        const now = nowIso();
        const { id } = await this.repo.insert(trx, { ...row, deleted: 0, created_at: now, updated_at: now });
        await writeAudit(trx, { userId: w.caller.userId, action: 'external.create', target: `external:${id}`, detail: row, ip: w.ip });
        return { id };
      });
    } catch (e) {
      if (isUnique(e)) return fail('STATE_CONFLICT', '接口代码已被使用');
      throw e;
    }
  }

  async modify(w: Who, id: number, b: ExternalInterfaceBody) {
    const row = this.row(b);
    try {
      await this.repo.transaction(async (trx) => {
        const r = await this.repo.update(trx, id, { ...row, updated_at: nowIso() });
        if (!Number(r.numUpdatedRows)) fail('NOT_FOUND', '外部接口不存在');
        await writeAudit(trx, { userId: w.caller.userId, action: 'external.modify', target: `external:${id}`, detail: row, ip: w.ip });
      });
    } catch (e) {
      if (isUnique(e)) return fail('STATE_CONFLICT', '接口代码已被使用');
      throw e;
    }
  }

  /** Deleted interfaces keep their rows (the log and counts name them); the code is freed. */
  async remove(w: Who, id: number) {
    await this.repo.transaction(async (trx) => {
      const now = nowIso();
      const r = await this.repo.update(trx, id, { deleted: 1, enabled: 0, code: `deleted-${id}-${Date.now()}`, updated_at: now });
      if (!Number(r.numUpdatedRows)) fail('NOT_FOUND', '外部接口不存在');
      await writeAudit(trx, { userId: w.caller.userId, action: 'external.delete', target: `external:${id}`, ip: w.ip });
    });
    this.breakers.delete(id);
  }

  // ── counts and log ────────────────────────────────────────────────────────
  async countPage(q: { interfaceId?: number; from?: string; to?: string; current: number; size: number }) {
    const { rows, total } = await this.repo.countPage(q);
    return {
      records: rows.map((r) => ({
        interfaceId: r.interface_id,
        name: r.name,
        day: r.day,
        calls: Number(r.calls),
        failures: Number(r.failures),
        avgLatencyMs: Number(r.calls) ? Math.round(Number(r.latency_total_ms) / Number(r.calls)) : 0,
      })),
      total,
      current: q.current,
      size: q.size,
    };
  }

  async countAll() {
    const [rows, today] = await Promise.all([this.repo.totals(), Promise.resolve(shanghaiDate())]);
    const todays = await this.repo.dayCounts(
      rows.map((r) => r.id),
      today,
    );
    return rows.map((r) => ({
      interfaceId: r.id,
      code: r.code,
      name: r.name,
      kind: r.kind as ExternalKind,
      calls: Number(r.calls),
      failures: Number(r.failures),
      avgLatencyMs: Number(r.calls) ? Math.round(Number(r.latency) / Number(r.calls)) : 0,
      todayCalls: todays.get(r.id)?.calls ?? 0,
      todayFailures: todays.get(r.id)?.failures ?? 0,
    }));
  }

  async logPage(q: { interfaceId?: number; outcome?: string; from?: string; to?: string; current: number; size: number }) {
    const { rows, total } = await this.repo.logPage({ ...q, from: q.from && dayStart(q.from), to: q.to && dayStart(q.to, 1) });
    return {
      records: rows.map((l) => ({
        id: l.id,
        interfaceId: l.interface_id,
        interfaceName: l.interface_name,
        target: l.target,
        outcome: l.outcome as ExternalOutcome,
        httpStatus: l.http_status,
        latencyMs: l.latency_ms,
        error: l.error,
        calledAt: l.called_at,
      })),
      total,
      current: q.current,
      size: q.size,
    };
  }
}
