import {
  DICT,
  DICT_ACTION_TEXT,
  type DictAddBody,
  type DictConfigVO,
  type DictEntry,
  type DictInstituteItemBody,
  type DictOverrideBody,
  type DictUpdateBody,
} from '@kc/contracts/shared/dicts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { CallerCache } from '../../../platform/auth/caller-cache.ts';
import { nowIso } from '../../../platform/db/database.ts';
import { isUniqueViolation } from '../../../platform/db/unique-violation.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { DictCache } from './dict-cache.ts';
import type { DictsRepository } from './dicts.repository.ts';
import { effectiveDicts } from './effective.ts';

type Page = { current: number; size: number };
const TYPE_NOT_FOUND = '字典类型不存在';
const ITEM_NOT_FOUND = '字典项不存在';
const page = (p: Page) => ({ offset: (p.current - 1) * p.size, limit: p.size });

/**
 * Dictionaries: the platform's global types and items (字典管理) and each institute's overrides
 * and own items (研究所字典配置). Every change is one transaction that writes an operation-log row
 * and bumps the version; after it commits the cache learns the new version (other processes within
 * VERSION_CHECK_MS) and the callers' cached session answers (getUserAllInfo carries the invoice
 * terms read from here) are invalidated.
 */
export class DictsService {
  constructor(
    private readonly repo: DictsRepository,
    private readonly cache: DictCache,
    private readonly callers: CallerCache,
  ) {}

  // ── readers for the rest of the product ─────────────────────────────────
  /** The visible entries of one dictionary for an institute (null: the global list). */
  async entries(instituteId: number | null, code: string): Promise<DictEntry[]> {
    return (await this.cache.snapshot(instituteId)).dicts[code] ?? [];
  }
  /** The institute's label of a value, or null when the value is not (or no longer visibly) in the dictionary. */
  async label(instituteId: number | null, code: string, value: string): Promise<string | null> {
    return (await this.entries(instituteId, code)).find((e) => e.value === value)?.label ?? null;
  }

  /** Value → label of one dictionary's visible items (names shown for stored codes: qualification types). */
  async labels(instituteId: number | null, code: string): Promise<Map<string, string>> {
    return new Map((await this.entries(instituteId, code)).map((e) => [e.value, e.label]));
  }
  /**
   * A number kept in the warning_threshold dictionary (the item's label is the number), for an
   * institute (null: the global one); the fallback when the item is hidden, gone or not a number.
   */
  async threshold(instituteId: number | null, key: string, fallback: number): Promise<number> {
    const text = (await this.entries(instituteId, DICT.WARNING_THRESHOLD)).find((e) => e.value === key)?.label.trim();
    const n = text ? Number(text) : Number.NaN;
    return text && Number.isFinite(n) ? n : fallback;
  }

  /** queryConfig: the caller's institute's dictionaries, or `changed: false` when the client's version is current. */
  async clientConfig(instituteId: number | null, known?: number): Promise<DictConfigVO> {
    const snap = await this.cache.snapshot(instituteId);
    if (known === snap.version) return { version: snap.version, instituteId, changed: false, dicts: {} };
    return { version: snap.version, instituteId, changed: true, dicts: snap.dicts };
  }

  // ── 字典管理 (platform) ────────────────────────────────────────────────
  async typePage(q: Page & { keyword?: string }) {
    const { offset, limit } = page(q);
    const { total, rows } = await this.repo.typePage(q.keyword, offset, limit);
    const items = await this.repo.items(
      [0],
      rows.map((r) => r.id),
    );
    return {
      records: rows.map((t) => ({
        id: t.id,
        code: t.code,
        name: t.name,
        remark: t.remark,
        builtin: t.builtin === 1,
        updatedAt: t.updated_at,
        items: items.filter((i) => i.type_id === t.id).map((i) => ({ id: i.id, value: i.value, label: i.label, sort: i.sort, status: i.status })),
      })),
      total,
      current: q.current,
      size: q.size,
    };
  }

  /** getYuDictList: every dictionary as the caller's institute sees it (the lists the selects use). */
  async allFor(caller: Caller) {
    return effectiveDicts(this.repo, caller.instituteId);
  }

  async add(caller: Caller, b: DictAddBody) {
    return this.change(
      async (r) => {
        const now = nowIso();
        if (b.kind === 'type') {
          const id = await r.insertType(b, now);
          await r.log({ instituteId: null, userId: caller.userId, action: 'type.add', typeCode: b.code, itemValue: null, detail: b });
          return { id };
        }
        const type = (await r.type(b.typeId)) ?? fail('NOT_FOUND', TYPE_NOT_FOUND);
        const id = await r.insertItem({ typeId: type.id, ownerId: 0, value: b.value, label: b.label, sort: b.sort }, now);
        await r.log({ instituteId: null, userId: caller.userId, action: 'item.add', typeCode: type.code, itemValue: b.value, detail: b });
        return { id };
      },
      b.kind === 'type' ? '字典编码已存在' : '该字典中已有相同的字典值',
    );
  }

  async update(caller: Caller, b: DictUpdateBody) {
    await this.change(async (r) => {
      const now = nowIso();
      if (b.kind === 'type') {
        const type = (await r.type(b.id)) ?? fail('NOT_FOUND', TYPE_NOT_FOUND);
        await r.updateType(b.id, b, now);
        await r.log({
          instituteId: null,
          userId: caller.userId,
          action: 'type.update',
          typeCode: type.code,
          itemValue: null,
          detail: { before: { name: type.name, remark: type.remark }, after: b },
        });
        return;
      }
      const item = await r.item(b.id);
      if (!item || item.owner_id !== 0) fail('NOT_FOUND', ITEM_NOT_FOUND);
      const type = (await r.type(item!.type_id))!;
      await r.updateItem(b.id, b, now);
      await r.touchType(type.id, now);
      await r.log({
        instituteId: null,
        userId: caller.userId,
        action: 'item.update',
        typeCode: type.code,
        itemValue: item!.value,
        detail: { before: { label: item!.label, sort: item!.sort, status: item!.status }, after: { label: b.label, sort: b.sort, status: b.status } },
      });
    });
  }

  async remove(caller: Caller, kind: 'type' | 'item', id: number) {
    await this.change(async (r) => {
      if (kind === 'type') {
        const type = (await r.type(id)) ?? fail('NOT_FOUND', TYPE_NOT_FOUND);
        if (type.builtin) fail('BAD_REQUEST', '内置字典不能删除，可停用其中的字典项');
        await r.deleteType(id);
        await r.log({
          instituteId: null,
          userId: caller.userId,
          action: 'type.delete',
          typeCode: type.code,
          itemValue: null,
          detail: { name: type.name },
        });
        return;
      }
      const item = await r.item(id);
      if (!item || item.owner_id !== 0) return fail('NOT_FOUND', ITEM_NOT_FOUND);
      const type = (await r.type(item.type_id))!;
      if (type.builtin) fail('BAD_REQUEST', '内置字典的字典项不能删除，可停用');
      await r.deleteItem(id);
      await r.log({
        instituteId: null,
        userId: caller.userId,
        action: 'item.delete',
        typeCode: type.code,
        itemValue: item.value,
        detail: { label: item.label },
      });
    });
  }

  // ── 研究所字典配置 ─────────────────────────────────────────────────────
  /** The institute a caller configures: the platform names any; everyone else only their own. */
  private async instituteOf(caller: Caller, requested: number | undefined): Promise<number> {
    if (caller.accountType === 0) {
      if (requested === undefined) return fail('BAD_REQUEST', '请指定研究所');
      if (!(await this.repo.institute(requested))) fail('NOT_FOUND', '研究所不存在');
      return requested;
    }
    if (caller.instituteId === null) return fail('FORBIDDEN', '当前账号不属于任何研究所');
    if (requested !== undefined && requested !== caller.instituteId) fail('FORBIDDEN', '只能配置本单位的字典');
    return caller.instituteId;
  }

  async institutePage(caller: Caller, q: Page & { name?: string }) {
    const { offset, limit } = page(q);
    const only = caller.accountType === 0 ? null : (caller.instituteId ?? -1);
    const { total, rows } = await this.repo.institutePage(q.name, only, offset, limit);
    return {
      records: rows.map((r) => ({
        instituteId: r.id,
        instituteName: r.name,
        overrides: Number(r.overrides ?? 0),
        ownItems: Number(r.own_items ?? 0),
        updatedAt: (r.updated_at as string | null) ?? null,
      })),
      total,
      current: q.current,
      size: q.size,
    };
  }

  /** getInstituId/{id}: the config page of one institute (every item, hidden ones too). */
  async instituteConfig(caller: Caller, id: number) {
    const inst = await this.instituteOf(caller, id);
    return effectiveDicts(this.repo, inst);
  }

  /** getConfigByInstiuteId/{id}: what the institute's users get (queryConfig's answer for it). */
  async instituteEffective(caller: Caller, id: number) {
    const inst = await this.instituteOf(caller, id);
    return this.clientConfig(inst);
  }

  /**
   * dict_config/add and update: hide, rename or reorder an item for the institute. A global item
   * gets an override row (all defaults again: the row goes, 恢复默认); the institute's own item is
   * changed in place; another institute's item does not exist for the caller.
   */
  async saveOverride(caller: Caller, b: DictOverrideBody) {
    const inst = await this.instituteOf(caller, b.instituteId);
    await this.change(async (r) => {
      const item = await r.item(b.itemId);
      if (!item || (item.owner_id !== 0 && item.owner_id !== inst)) return fail('NOT_FOUND', ITEM_NOT_FOUND);
      const type = (await r.type(item.type_id))!;
      const now = nowIso();
      if (item.owner_id === inst) {
        await r.updateItem(item.id, { label: b.label ?? item.label, sort: b.sort ?? item.sort, status: b.hidden ? 0 : 1 }, now);
        await r.log({ instituteId: inst, userId: caller.userId, action: 'override.save', typeCode: type.code, itemValue: item.value, detail: b });
        return;
      }
      const before = await r.override(inst, item.id);
      const isDefault = !b.hidden && b.label === null && b.sort === null;
      const set = { hidden: b.hidden ? 1 : 0, label: b.label, sort: b.sort, by: caller.userId };
      if (isDefault) await r.deleteOverride(inst, item.id);
      else if (before) await r.updateOverride(before.id, set, now);
      else await r.insertOverride(inst, item.id, set, now);
      await r.log({
        instituteId: inst,
        userId: caller.userId,
        action: isDefault ? 'override.delete' : 'override.save',
        typeCode: type.code,
        itemValue: item.value,
        detail: {
          before: before ? { hidden: before.hidden === 1, label: before.label, sort: before.sort } : null,
          after: { hidden: b.hidden, label: b.label, sort: b.sort },
        },
      });
    }, '该字典项已有本所配置，请刷新后重试');
  }

  /** addConfigInstitue: an item only this institute has; its value may not repeat a global one. */
  async addOwnItem(caller: Caller, b: DictInstituteItemBody) {
    const inst = await this.instituteOf(caller, b.instituteId);
    return this.change(async (r) => {
      const type = (await r.type(b.typeId)) ?? fail('NOT_FOUND', TYPE_NOT_FOUND);
      if (await r.globalValueTaken(type.id, b.value)) fail('STATE_CONFLICT', '该字典中已有相同的字典值');
      const id = await r.insertItem({ typeId: type.id, ownerId: inst, value: b.value, label: b.label, sort: b.sort }, nowIso());
      await r.log({ instituteId: inst, userId: caller.userId, action: 'own.add', typeCode: type.code, itemValue: b.value, detail: b });
      return { id };
    }, '该字典中已有相同的字典值');
  }

  /** getConfigInstituOperateLog: the platform reads every log row, an institute its own. */
  async logPage(caller: Caller, q: Page & { instituteId?: number; typeCode?: string }) {
    const instituteId = caller.accountType === 0 ? q.instituteId : await this.instituteOf(caller, q.instituteId);
    const { offset, limit } = page(q);
    const { total, rows } = await this.repo.logPage({ instituteId, typeCode: q.typeCode }, offset, limit);
    return {
      records: rows.map((r) => ({
        id: r.id,
        instituteId: r.institute_id,
        instituteName: r.institute_name ?? null,
        userName: r.user_name,
        action: r.action,
        actionText: DICT_ACTION_TEXT[r.action] ?? r.action,
        typeCode: r.type_code,
        itemValue: r.item_value,
        detail: r.detail,
        createdAt: r.created_at,
      })),
      total,
      current: q.current,
      size: q.size,
    };
  }

  /** One change: its writes, the log row and the version bump in one transaction; then every cache learns of it. */
  private async change<T>(fn: (r: DictsRepository) => Promise<T>, duplicate = '数据已存在'): Promise<T> {
    let version = 0;
    let out: T;
    try {
      out = await this.repo.inTransaction(async (r) => {
        const result = await fn(r);
        version = await r.bump();
        return result;
      });
    } catch (e) {
      if (isUniqueViolation(e)) return fail('STATE_CONFLICT', duplicate);
      throw e;
    }
    await this.cache.changed(version);
    await this.callers.invalidate();
    return out;
  }
}
