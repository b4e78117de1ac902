import type { DictEntry } from '@kc/contracts/shared/dicts';
import type { KeyValueStore } from '../../../platform/kv/kv.port.ts';
import type { DictsRepository } from './dicts.repository.ts';
import { effectiveDicts } from './effective.ts';

/** How often a process asks whether the dictionaries changed (a change is seen everywhere within this, plus a rebuild). */
export const VERSION_CHECK_MS = 2000;
export const DICT_VERSION_KEY = 'dict:ver';

export interface DictSnapshot {
  version: number;
  dicts: Record<string, DictEntry[]>;
}

/**
 * Per-process cache of each institute's effective dictionaries, keyed by institute and version.
 * At most every VERSION_CHECK_MS the process reads the version: from the key-value store when it
 * is shared (Redis: the writer sets it after commit), else from the database row every change bumps
 * in its transaction. Either way two processes behave as one within about two seconds.
 */
export class DictCache {
  private readonly byInstitute = new Map<number, DictSnapshot>();
  private known = -1;
  private checkedAt = 0;
  private checking: Promise<number> | null = null;

  constructor(
    private readonly repo: DictsRepository,
    private readonly kv: KeyValueStore,
    private readonly sharedKv: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current version, read at most every VERSION_CHECK_MS. */
  async version(): Promise<number> {
    if (this.now() - this.checkedAt < VERSION_CHECK_MS && this.known >= 0) return this.known;
    this.checking ??= this.readVersion().finally(() => {
      this.checking = null;
    });
    const v = await this.checking;
    if (v !== this.known) this.byInstitute.clear();
    this.known = v;
    this.checkedAt = this.now();
    return v;
  }

  private async readVersion(): Promise<number> {
    if (this.sharedKv) {
      const v = await this.kv.get(DICT_VERSION_KEY);
      if (v !== null) return Number(v);
    }
    const v = await this.repo.version();
    if (this.sharedKv) await this.kv.set(DICT_VERSION_KEY, String(v), 30 * 24 * 3600_000);
    return v;
  }

  async snapshot(instituteId: number | null): Promise<DictSnapshot> {
    const version = await this.version();
    const key = instituteId ?? 0;
    const hit = this.byInstitute.get(key);
    if (hit && hit.version === version) return hit;
    const dicts = await effectiveDicts(this.repo, instituteId);
    const snap = {
      version,
      dicts: Object.fromEntries(dicts.map((t) => [t.code, t.items.filter((i) => !i.hidden).map((i) => ({ value: i.value, label: i.label }))])),
    };
    if (this.byInstitute.size > 2000) this.byInstitute.clear();
    this.byInstitute.set(key, snap);
    return snap;
  }

  /** After a change commits: this process sees it at once, the others within VERSION_CHECK_MS. */
  async changed(version: number) {
    this.byInstitute.clear();
    this.known = version;
    this.checkedAt = this.now();
    if (this.sharedKv) await this.kv.set(DICT_VERSION_KEY, String(version), 30 * 24 * 3600_000);
  }
}
