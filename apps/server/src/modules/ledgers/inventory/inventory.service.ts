import {
  type ContainerDetail,
  type ContainerState,
  type ContainerVO,
  compatibleUnits,
  convertAmount,
  type Dimension,
  type LabelVO,
  type LedgerKind,
  type LedgerVO,
  type LocationInput,
  type LocationVO,
  roundQty,
  type SlipVO,
  type StockOutInput,
} from '@kc/contracts/ledgers/inventory';
import type { Transaction } from 'kysely';
import QRCode from 'qrcode';
import { writeAudit } from '../../../platform/audit/audit.ts';
import type { Caller } from '../../../platform/auth/access.ts';
import type { Who } from '../../../platform/auth/who.ts';
import { callerScope, type Scope } from '../../../platform/db/data-scope.ts';
import { nowIso } from '../../../platform/db/database.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { fail } from '../../../platform/http/errors.ts';
import type { ContainerFilter, InventoryRepository } from './inventory.repository.ts';
import { locationLabel } from './location-label.ts';
import { slipNo } from './stock-codes.ts';
import { StockMoves } from './stock-moves.ts';
import { nextStocktakeStatus, STOCKTAKE_OPENED, type StocktakeStatus } from './stocktake-states.ts';

type ContainerRow = NonNullable<Awaited<ReturnType<InventoryRepository['container']>>>;
const DAY_MS = 86_400_000;

/** Today in Asia/Shanghai, and a day `n` days on (expiry is a calendar date there). */
const shanghaiDay = (offsetDays = 0) => new Date(Date.now() + 8 * 3600_000 + offsetDays * DAY_MS).toISOString().slice(0, 10);
const daysTo = (day: string | null) => (day ? Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${shanghaiDay()}T00:00:00Z`)) / DAY_MS) : null);

const labelOf = (r: { building: string | null; room: string | null; cabinet: string | null; shelf: string | null; hazard_cabinet: number | null }) =>
  r.building === null
    ? null
    : locationLabel({ building: r.building, room: r.room ?? '', cabinet: r.cabinet ?? '', shelf: r.shelf ?? '', hazard_cabinet: r.hazard_cabinet ?? 0 });

/**
 * Whose stock a caller sees: their roles' widest data scope (institute, department and below,
 * team), except that a member whose roles only reach their own records sees their team's stock —
 * lab reagents are shared by the team that ordered them.
 */
export function inventoryScope(c: Caller): Scope {
  const s = callerScope(c);
  if (s.kind === 'self' && c.accountType !== 1) return { kind: 'none' };
  if (s.kind === 'self' && c.teamId !== null && c.instituteId !== null) return { kind: 'teams', instituteId: c.instituteId, teamIds: [c.teamId] };
  return s;
}

export function containerVO(r: ContainerRow): ContainerVO {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    cas: r.cas,
    spec: r.spec,
    brand: r.brand,
    catalogNo: r.catalog_no,
    unit: r.unit,
    dimension: r.dimension as Dimension,
    quantityTotal: Number(r.quantity_total),
    quantityLeft: Number(r.quantity_left),
    lotNo: r.lot_no,
    expiresOn: r.expires_on,
    daysToExpiry: daysTo(r.expires_on),
    locationId: r.location_id,
    locationLabel: labelOf(r),
    hazardCabinet: r.hazard_cabinet ?? 0,
    hazard: r.hazard,
    controlled: r.controlled,
    state: r.state as ContainerState,
    ownerName: r.owner_name,
    teamName: r.team_name,
    orderNo: r.order_no,
    subNo: r.sub_no,
    subOrderId: r.sub_order_id,
    seq: r.seq,
    createdAt: r.created_at,
  };
}

interface StockOutCheck {
  containerId: number;
  ok: boolean;
  message: string;
  converted: number | null;
  balanceAfter: number | null;
}

/** One line of a stock-out against a container as it stands: never below zero, units only within a dimension. */
export function checkLine(c: { name: string; code: string; unit: string; state: string; quantity_left: number }, amount: number, unit: string) {
  if (c.state !== 'in_stock') return { ok: false as const, message: `“${c.name}”（${c.code}）已不在库，不能领用` };
  const conv = convertAmount(amount, unit, c.unit);
  if (!conv.ok) return { ok: false as const, message: `“${c.name}”：${conv.message}` };
  if (conv.value <= 0) return { ok: false as const, message: `“${c.name}”：领用数量换算后为 0，请增大数量或换用更小的单位` };
  const left = Number(c.quantity_left);
  if (conv.value > left + 1e-9)
    return { ok: false as const, message: `“${c.name}”（${c.code}）余量 ${left} ${c.unit}，不足 ${conv.value} ${c.unit}，不能领用` };
  return { ok: true as const, converted: conv.value, balance: roundQty(left - conv.value) };
}

/** The inventory's use cases: lists and details by scope, 领用, moving, locations, stocktakes, slips and labels. */
export class InventoryService {
  constructor(private readonly repo: InventoryRepository) {}

  /**
   * The stock moves of a use case of another module, in that use case's transaction (orders stock
   * in at acceptance, after-sales returns containers): `inventory.within(trx).stockInSubOrder(…)`.
   */
  within(trx: Transaction<DB>): StockMoves {
    return new StockMoves(trx);
  }

  private filter(q: {
    name?: string;
    cas?: string;
    code?: string;
    locationId?: number;
    state?: string;
    expiringDays?: number;
    subOrderId?: number;
  }): ContainerFilter {
    return {
      name: q.name,
      cas: q.cas,
      code: q.code,
      locationId: q.locationId,
      state: q.state,
      expiresBy: q.expiringDays === undefined ? undefined : shanghaiDay(q.expiringDays),
      subOrderIds: q.subOrderId ? [q.subOrderId] : undefined,
    };
  }

  async page(c: Caller, q: Parameters<InventoryService['filter']>[0] & { current: number; size: number }) {
    const { rows, total } = await this.repo.page(inventoryScope(c), this.filter(q), q.current, q.size);
    return { records: rows.map(containerVO), total, current: q.current, size: q.size };
  }

  private async visible(c: Caller, id: number) {
    const row = await this.repo.container(inventoryScope(c), id);
    if (!row) return fail('NOT_FOUND', '库存容器不存在');
    return row;
  }

  async detail(c: Caller, id: number): Promise<ContainerDetail> {
    const row = await this.visible(c, id);
    const ledger = await this.repo.ledger([id]);
    return { ...containerVO(row), compatibleUnits: compatibleUnits(row.unit), ledger: ledger.map(ledgerVO) };
  }

  /** What each sub-order produced, for the sub-orders the caller may see stock of. */
  async bySubOrders(c: Caller, subOrderIds: number[]) {
    const rows = await this.repo.list(inventoryScope(c), { subOrderIds });
    const bySub = new Map<number, { subOrderId: number; subNo: string; containers: ContainerVO[] }>();
    for (const r of rows) {
      if (r.sub_order_id === null) continue;
      const e = bySub.get(r.sub_order_id) ?? { subOrderId: r.sub_order_id, subNo: r.sub_no ?? '', containers: [] };
      e.containers.push(containerVO(r));
      bySub.set(r.sub_order_id, e);
    }
    return subOrderIds.flatMap((id) => bySub.get(id) ?? []);
  }

  /** The ledger records (inventoryItemRecord) of the containers the caller may see. */
  async records(c: Caller, containerIds: number[]) {
    const rows = await this.repo.list(inventoryScope(c), { ids: containerIds });
    return (await this.repo.ledger(rows.map((r) => r.id))).map(ledgerVO);
  }

  people(c: Caller, keyword?: string) {
    if (c.instituteId === null) return Promise.resolve([]);
    return this.repo
      .people(c.instituteId, keyword)
      .then((rows) => rows.map((u) => ({ id: u.id, realName: u.real_name ?? u.user_name, userName: u.user_name })));
  }

  // ── stock-out ─────────────────────────────────────────────────────────
  private async persons(r: InventoryRepository, c: Caller, instituteId: number, b: StockOutInput, controlled: boolean) {
    const personId = b.personId ?? c.userId;
    const person = await r.instituteUser(instituteId, personId);
    if (!person) return fail('BAD_REQUEST', '领用人不存在或不属于本所');
    let second = null as Awaited<ReturnType<InventoryRepository['instituteUser']>> | null;
    if (controlled) {
      if (!b.secondPersonId) return fail('BAD_REQUEST', '易制毒、易制爆、剧毒化学品须两人领用，请选择第二领用人');
      if (b.secondPersonId === personId) return fail('BAD_REQUEST', '第二领用人不能与领用人为同一人');
      second = (await r.instituteUser(instituteId, b.secondPersonId)) ?? null;
      if (!second) return fail('BAD_REQUEST', '第二领用人不存在或不属于本所');
    }
    return { person, second };
  }

  /** stockOut/validate: each line against the container as it stands now; nothing is written. */
  async validate(c: Caller, b: StockOutInput) {
    const scope = inventoryScope(c);
    const lines: StockOutCheck[] = [];
    const seen = new Set<number>();
    for (const l of b.lines) {
      const row = await this.repo.container(scope, l.containerId);
      if (!row) {
        lines.push({ containerId: l.containerId, ok: false, message: '库存容器不存在', converted: null, balanceAfter: null });
        continue;
      }
      if (seen.has(l.containerId)) {
        lines.push({ containerId: l.containerId, ok: false, message: `“${row.name}”重复出现，请合并为一行`, converted: null, balanceAfter: null });
        continue;
      }
      seen.add(l.containerId);
      const r = checkLine(row, l.amount, l.unit);
      lines.push(
        r.ok
          ? { containerId: l.containerId, ok: true, message: `可领用，领用后余 ${r.balance} ${row.unit}`, converted: r.converted, balanceAfter: r.balance }
          : { containerId: l.containerId, ok: false, message: r.message, converted: null, balanceAfter: null },
      );
    }
    return { ok: lines.every((l) => l.ok), lines };
  }

  /**
   * 领用: one transaction; each container locked (ascending id, so two stock-outs over the same
   * containers never deadlock) and checked under its lock; the balance row and an append-only ledger
   * row with delta and balance; one 出库单 for the lot. Any line failing fails the whole stock-out.
   */
  async stockOut(w: Who, b: StockOutInput) {
    const c = w.caller;
    const ids = b.lines.map((l) => l.containerId);
    if (new Set(ids).size !== ids.length) fail('BAD_REQUEST', '同一容器不能在一次领用中出现两次');
    const scope = inventoryScope(c);
    const lines = [...b.lines].sort((x, y) => x.containerId - y.containerId);
    return this.repo.inTransaction(async (r, trx) => {
      const locked: { row: ContainerRow; amount: number; unit: string; converted: number; balance: number }[] = [];
      for (const l of lines) {
        const row = await r.lockContainer(scope, l.containerId);
        if (!row) return fail('NOT_FOUND', '库存容器不存在');
        const chk = checkLine(row, l.amount, l.unit);
        if (!chk.ok) return fail('BAD_REQUEST', chk.message);
        locked.push({ row, amount: l.amount, unit: l.unit, converted: chk.converted, balance: chk.balance });
      }
      const first = locked[0].row;
      if (locked.some((x) => x.row.institute_id !== first.institute_id)) fail('BAD_REQUEST', '一次领用的容器须属于同一研究所');
      const { person, second } = await this.persons(
        r,
        c,
        first.institute_id,
        b,
        locked.some((x) => x.row.controlled === 1),
      );
      const now = nowIso();
      const slip = await r.insertSlip({
        slip_no: slipNo('out'),
        kind: 'out',
        institute_id: first.institute_id,
        dept_id: first.dept_id,
        team_id: first.team_id,
        sub_order_id: null,
        person_id: person.id,
        person_name: person.real_name ?? person.user_name,
        second_person_id: second?.id ?? null,
        actor_id: c.userId,
        purpose: b.purpose ?? null,
        created_at: now,
      });
      for (const x of locked) {
        await r.setBalance(x.row.id, x.balance, x.balance <= 0 ? 'empty' : 'in_stock', now);
        await r.appendLedger({
          container_id: x.row.id,
          institute_id: x.row.institute_id,
          kind: 'stock_out',
          delta: -x.converted,
          balance: x.balance,
          input_amount: x.amount,
          input_unit: x.unit,
          person_id: person.id,
          person_name: person.real_name ?? person.user_name,
          actor_id: c.userId,
          reason: b.purpose ?? null,
          ref: second ? `第二领用人：${second.real_name ?? second.user_name}` : null,
          slip_id: slip.id,
          created_at: now,
        });
      }
      await writeAudit(trx, {
        userId: c.userId,
        action: 'inventory.stockOut',
        target: `inventorySlip:${slip.id}`,
        detail: { containers: ids, person: person.id },
        ip: w.ip,
      });
      return { slipId: slip.id, slipNo: slip.slip_no };
    });
  }

  /** Moves containers the caller sees to a location of their institute (hazardous goods only into a hazard cabinet). */
  async move(w: Who, ids: number[], locationId: number) {
    const c = w.caller;
    const rows = await this.repo.list(inventoryScope(c), { ids });
    if (rows.length !== new Set(ids).size) fail('NOT_FOUND', '库存容器不存在');
    const loc = await this.repo.location(locationId, rows[0].institute_id);
    if (!loc?.enabled) return fail('BAD_REQUEST', '存放位置不存在或已停用');
    if (rows.some((r) => r.institute_id !== loc.institute_id)) fail('BAD_REQUEST', '存放位置不存在或已停用');
    const hazardous = rows.find((r) => r.controlled || r.hazard);
    if (hazardous && !loc.hazard_cabinet) fail('BAD_REQUEST', `“${hazardous.name}”为危险化学品，须存放在危化品柜`);
    await this.repo.inTransaction(async (r, trx) => {
      await r.moveContainers(
        rows.map((x) => x.id),
        locationId,
        nowIso(),
      );
      await writeAudit(trx, { userId: c.userId, action: 'inventory.move', target: `inventoryLocation:${locationId}`, detail: { containers: ids }, ip: w.ip });
    });
  }

  // ── locations ─────────────────────────────────────────────────────────
  private instituteOf(c: Caller) {
    if (c.instituteId === null) return fail('BAD_REQUEST', '请以研究所账号维护存放位置');
    return c.instituteId;
  }

  async locationPage(c: Caller, q: { keyword?: string; enabledOnly?: number; current: number; size: number }) {
    const inst = c.accountType === 0 ? c.instituteId : this.instituteOf(c);
    const { rows, total } = await this.repo.locationPage(inst, q.keyword, q.enabledOnly === 1, q.current, q.size);
    return { records: rows.map((r) => locationVO(r, Number(r.containers ?? 0))), total, current: q.current, size: q.size };
  }

  async addLocation(w: Who, b: LocationInput) {
    const inst = this.instituteOf(w.caller);
    const now = nowIso();
    return this.repo.inTransaction(async (r, trx) => {
      const row = await r.insertLocation({ institute_id: inst, dept_id: null, ...locationRow(b), created_at: now, updated_at: now });
      await writeAudit(trx, { userId: w.caller.userId, action: 'inventory.location.add', target: `inventoryLocation:${row.id}`, ip: w.ip });
      return { id: row.id };
    });
  }

  async updateLocation(w: Who, id: number, b: LocationInput) {
    const inst = this.instituteOf(w.caller);
    if (!(await this.repo.location(id, inst))) fail('NOT_FOUND', '存放位置不存在');
    if (!b.hazardCabinet) {
      const hazardous = await this.repo.list({ kind: 'institute', instituteId: inst }, { locationId: id, state: 'in_stock' });
      if (hazardous.some((x) => x.controlled || x.hazard)) fail('STATE_CONFLICT', '该位置存有危险化学品，不能取消危化品柜标记');
    }
    await this.repo.inTransaction(async (r, trx) => {
      await r.updateLocation(id, { ...locationRow(b), updated_at: nowIso() });
      await writeAudit(trx, { userId: w.caller.userId, action: 'inventory.location.update', target: `inventoryLocation:${id}`, ip: w.ip });
    });
  }

  async deleteLocation(w: Who, id: number) {
    const inst = this.instituteOf(w.caller);
    if (!(await this.repo.location(id, inst))) fail('NOT_FOUND', '存放位置不存在');
    await this.repo.inTransaction(async (r, trx) => {
      const n = await r.containersAt(id);
      if (n > 0) fail('STATE_CONFLICT', `该位置仍有 ${n} 个在库容器，请先移到其他位置或停用该位置`);
      await r.deleteLocation(id);
      await writeAudit(trx, { userId: w.caller.userId, action: 'inventory.location.delete', target: `inventoryLocation:${id}`, ip: w.ip });
    });
  }

  // ── slips and labels ──────────────────────────────────────────────────
  /** A slip the caller may see: one whose containers are all in their scope (platform: any). */
  async slip(c: Caller, id: number): Promise<SlipVO> {
    const s = await this.repo.slip(id);
    if (!s) return fail('NOT_FOUND', '单据不存在');
    const lines = await this.repo.slipLines(id);
    const visible = await this.repo.list(inventoryScope(c), { ids: lines.map((l) => l.id) });
    if (lines.length === 0 || visible.length !== new Set(lines.map((l) => l.id)).size) return fail('NOT_FOUND', '单据不存在');
    return {
      id: s.id,
      slipNo: s.slip_no,
      kind: s.kind as 'in' | 'out',
      instituteName: s.institute_name,
      teamName: s.team_name,
      subNo: s.sub_no,
      supplierName: s.supplier_name,
      personName: s.person_name,
      secondPersonName: s.second_name,
      actorName: s.actor_name,
      purpose: s.purpose,
      createdAt: s.created_at,
      lines: lines.map((l) => ({
        code: l.code,
        name: l.name,
        spec: l.spec,
        cas: l.cas,
        lotNo: l.lot_no,
        quantity: Math.abs(Number(l.delta)),
        unit: l.unit,
        locationLabel: labelOf(l),
        expiresOn: l.expires_on,
      })),
    };
  }

  async labels(c: Caller, ids: number[]): Promise<LabelVO[]> {
    const rows = await this.repo.list(inventoryScope(c), { ids });
    if (rows.length === 0) fail('NOT_FOUND', '库存容器不存在');
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        code: r.code,
        name: r.name,
        cas: r.cas,
        spec: r.spec,
        lotNo: r.lot_no,
        expiresOn: r.expires_on,
        locationLabel: labelOf(r),
        hazard: r.hazard,
        ownerName: r.owner_name,
        qr: await QRCode.toDataURL(r.code, { errorCorrectionLevel: 'M', margin: 1, width: 160 }),
      })),
    );
  }

  // ── stocktakes ────────────────────────────────────────────────────────
  async stocktakePage(c: Caller, q: { status?: string; current: number; size: number }) {
    const { rows, total } = await this.repo.stocktakePage(inventoryScope(c), q.status, q.current, q.size);
    return { records: rows.map(stocktakeVO), total, current: q.current, size: q.size };
  }

  async stocktakeDetail(c: Caller, id: number) {
    const st = await this.repo.stocktake(inventoryScope(c), id);
    if (!st) return fail('NOT_FOUND', '盘点单不存在');
    const lines = await this.repo.stocktakeLines(id);
    return {
      ...stocktakeVO(st),
      items: lines.map((l) => ({
        id: l.id,
        containerId: l.container_id,
        code: l.code,
        name: l.name,
        spec: l.spec,
        unit: l.unit,
        locationLabel: labelOf(l),
        expected: Number(l.expected),
        counted: l.counted === null ? null : Number(l.counted),
        reason: l.reason,
      })),
    };
  }

  /** Opens a stocktake over the in-stock containers of the caller's scope (at one location when given). */
  async openStocktake(w: Who, b: { title: string; locationId?: number }) {
    const c = w.caller;
    const inst = this.instituteOf(c);
    const scope = inventoryScope(c);
    if (b.locationId && !(await this.repo.location(b.locationId, inst))) fail('NOT_FOUND', '存放位置不存在');
    const rows = await this.repo.list(scope, { state: 'in_stock', locationId: b.locationId });
    if (rows.length === 0) fail('BAD_REQUEST', '范围内没有在库容器，无需盘点');
    const now = nowIso();
    return this.repo.inTransaction(async (r, trx) => {
      const st = await r.insertStocktake({
        institute_id: inst,
        dept_id: scope.kind === 'dept' ? c.deptId : null,
        team_id: scope.kind === 'teams' ? c.teamId : null,
        location_id: b.locationId ?? null,
        title: b.title,
        status: STOCKTAKE_OPENED,
        created_by: c.userId,
        created_at: now,
        closed_by: null,
        closed_at: null,
      });
      await r.insertStocktakeLines(
        rows.map((x) => ({
          stocktake_id: st.id,
          container_id: x.id,
          expected: Number(x.quantity_left),
          counted: null,
          reason: null,
          counted_by: null,
          counted_at: null,
        })),
      );
      await writeAudit(trx, { userId: c.userId, action: 'inventory.stocktake.open', target: `inventoryStocktake:${st.id}`, ip: w.ip });
      return { id: st.id };
    });
  }

  async count(w: Who, b: { stocktakeId: number; lines: { lineId: number; counted: number; reason?: string | null }[] }) {
    const st = await this.repo.stocktake(inventoryScope(w.caller), b.stocktakeId);
    if (!st) return fail('NOT_FOUND', '盘点单不存在');
    if (!nextStocktakeStatus(st.status, 'count')) fail('STATE_CONFLICT', '盘点已完成，不能再修改');
    const now = nowIso();
    await this.repo.inTransaction(async (r) => {
      for (const l of b.lines) {
        const set = { counted: roundQty(l.counted), reason: l.reason ?? null, counted_by: w.caller.userId, counted_at: now };
        // still in the status read above: a close committed meanwhile turns the count away
        if (!(await r.countLine(b.stocktakeId, l.lineId, st.status, set))) fail('BAD_REQUEST', '盘点明细不存在或盘点已完成');
      }
    });
  }

  /**
   * Closes a stocktake: each counted line that differs from what was expected becomes an 'adjust'
   * ledger row (delta = counted − expected, applied to the container's balance under its lock, never
   * below zero) with the reason, which a difference must have. One transaction; a second close gets 40009.
   */
  async closeStocktake(w: Who, id: number) {
    const c = w.caller;
    const scope = inventoryScope(c);
    const st = await this.repo.stocktake(scope, id);
    if (!st) return fail('NOT_FOUND', '盘点单不存在');
    const lines = await this.repo.stocktakeLines(id);
    const diffs = lines.filter((l) => l.counted !== null && roundQty(Number(l.counted) - Number(l.expected)) !== 0);
    const missing = diffs.find((l) => !l.reason);
    if (missing) fail('BAD_REQUEST', `“${missing.name}”（${missing.code}）盘点有差异，请填写原因`);
    const to = nextStocktakeStatus(st.status, 'close');
    const now = nowIso();
    return this.repo.inTransaction(async (r, trx) => {
      if (!to || !(await r.moveStocktake(id, st.status, { status: to, closed_by: c.userId, closed_at: now }))) fail('STATE_CONFLICT', '盘点已完成');
      for (const l of [...diffs].sort((a, b) => a.container_id - b.container_id)) {
        const row = await r.lockContainer({ kind: 'all' }, l.container_id);
        if (!row) continue;
        const left = Number(row.quantity_left);
        const balance = Math.max(0, roundQty(left + Number(l.counted) - Number(l.expected)));
        const state = balance <= 0 ? 'empty' : row.state === 'empty' ? 'in_stock' : row.state;
        await r.setBalance(row.id, balance, state, now);
        await r.appendLedger({
          container_id: row.id,
          institute_id: row.institute_id,
          kind: 'adjust',
          delta: roundQty(balance - left),
          balance,
          input_amount: null,
          input_unit: null,
          person_id: c.userId,
          person_name: c.userName,
          actor_id: c.userId,
          reason: l.reason,
          ref: `盘点：${st.title}`,
          slip_id: null,
          created_at: now,
        });
      }
      await writeAudit(trx, {
        userId: c.userId,
        action: 'inventory.stocktake.close',
        target: `inventoryStocktake:${id}`,
        detail: { adjusted: diffs.length },
        ip: w.ip,
      });
      return { adjusted: diffs.length };
    });
  }
}

type LedgerRow = Awaited<ReturnType<InventoryRepository['ledger']>>[number];
const ledgerVO = (l: LedgerRow): LedgerVO => ({
  id: l.id,
  containerId: l.container_id,
  kind: l.kind as LedgerKind,
  delta: Number(l.delta),
  balance: Number(l.balance),
  inputAmount: l.input_amount === null ? null : Number(l.input_amount),
  inputUnit: l.input_unit,
  personName: l.person_name,
  actorName: l.actor_name,
  reason: l.reason,
  ref: l.ref,
  slipId: l.slip_id,
  slipNo: l.slip_no,
  createdAt: l.created_at,
});

const locationRow = (b: LocationInput) => ({
  building: b.building,
  room: b.room,
  cabinet: b.cabinet,
  shelf: b.shelf,
  hazard_cabinet: b.hazardCabinet,
  custodian: b.custodian ?? null,
  remark: b.remark ?? null,
  enabled: b.enabled,
});

type LocationRow = NonNullable<Awaited<ReturnType<InventoryRepository['location']>>>;
const locationVO = (r: LocationRow, containers: number): LocationVO => ({
  id: r.id,
  building: r.building,
  room: r.room,
  cabinet: r.cabinet,
  shelf: r.shelf,
  hazardCabinet: r.hazard_cabinet,
  custodian: r.custodian,
  remark: r.remark,
  enabled: r.enabled,
  label: locationLabel(r),
  containers,
});

type StocktakeRow = NonNullable<Awaited<ReturnType<InventoryRepository['stocktake']>>>;
const stocktakeVO = (s: StocktakeRow) => ({
  id: s.id,
  title: s.title,
  status: s.status as StocktakeStatus,
  locationLabel: labelOf(s),
  lines: Number(s.lines ?? 0),
  counted: Number(s.counted ?? 0),
  differences: Number(s.differences ?? 0),
  createdByName: s.created_by_name,
  createdAt: s.created_at,
  closedAt: s.closed_at,
});
