import { EXPORT_MAX_ROWS } from '@kc/contracts/buying/orders-documents';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../../../platform/auth/access.ts';
import type { OrderQueriesService } from '../order-queries.service.ts';
import type { ExportRepository } from './export.repository.ts';
import { type ExportGrants, ExportService, exportFilter } from './export.service.ts';

const caller = (o: Partial<Caller> = {}): Caller => ({
  userId: 7,
  userName: 'leader1',
  accountType: 1,
  instituteId: 1,
  supplierId: null,
  deptId: 2,
  deptPath: '/1/2/',
  teamId: 3,
  roleIds: [],
  perms: new Set(),
  pageFlags: new Set(),
  mustChangePassword: false,
  dataScope: 'team',
  fid: 'f',
  aclVersion: null,
  ...o,
});

function service(o: { total?: number; lines?: number; canExport?: boolean }) {
  const asked: string[] = [];
  const lifecycle = {
    list: async () => ({ records: [{ id: 1, subOrders: [{ id: 11 }] }], total: o.total ?? 1, current: 1, size: EXPORT_MAX_ROWS }),
    supplierList: async () => ({ records: [{ id: 11 }], total: o.total ?? 1, current: 1, size: EXPORT_MAX_ROWS }),
  } as unknown as OrderQueriesService;
  const repo = {
    lines: async () =>
      Array.from({ length: o.lines ?? 1 }, (_, i) => ({
        id: i + 1,
        sub_order_id: 11,
        name: '乙腈',
        grade: '色谱纯',
        spec: '4L',
        quantity: 1,
        unit_price: 100,
        amount: 100,
        sub_no: 'PO1-1',
        sub_status: 'waiting',
        remark: null,
        order_no: 'PO1',
        order_status: 'pending_team',
        created_at: '2026-11-21T16:30:00.000Z',
        recv_contact: '王晓明',
        company_name: '国药',
        real_name: '王晓明',
        user_name: 'buyer1',
        team_name: '李明华课题组',
      })),
    audit: async () => undefined,
  } as unknown as ExportRepository;
  const grants: ExportGrants = {
    canExport: async (_u, perm) => {
      asked.push(perm);
      return o.canExport ?? true;
    },
  };
  return { svc: new ExportService(lifecycle, repo, grants, () => new Date('2026-11-21T16:30:00.000Z')), asked };
}
const w = (c: Caller) => ({ caller: c, ip: '127.0.0.1' });

describe('ExportService', () => {
  it('asks for the export flag of the page the list belongs to', async () => {
    const { svc, asked } = service({ canExport: false });
    await expect(svc.orders(w(caller()), 'team', { tab: 'all' })).rejects.toMatchObject({ code: 40300, message: '您没有导出该页面数据的权限' });
    await expect(svc.orders(w(caller()), 'finance', { tab: 'all' })).rejects.toMatchObject({ code: 40300 });
    expect(asked).toEqual(['mall:order:approve', 'mall:order:finance']);
    // the platform admin exports without flags; a buyer account is never the admin page
    const admin = service({ canExport: false });
    await expect(admin.svc.orders(w(caller({ accountType: 0 })), 'admin', { tab: 'all' })).resolves.toMatchObject({ rows: 1 });
    await expect(admin.svc.orders(w(caller()), 'admin', { tab: 'all' })).rejects.toMatchObject({ code: 40300 });
  });

  it(`refuses more than ${EXPORT_MAX_ROWS} orders or lines with a message naming the cap`, async () => {
    const tooManyOrders = service({ total: EXPORT_MAX_ROWS + 1 });
    await expect(tooManyOrders.svc.orders(w(caller()), 'team', { tab: 'all' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('10,000 行'),
    });
    const tooManyLines = service({ lines: EXPORT_MAX_ROWS + 1 });
    await expect(tooManyLines.svc.orders(w(caller()), 'team', { tab: 'all' })).rejects.toMatchObject({ status: 400 });
  });

  it('names the file by the Shanghai date', async () => {
    const { svc } = service({});
    const f = await svc.orders(w(caller()), 'team', { tab: 'pending' });
    expect([f.filename, f.rows]).toEqual(['订单导出-20261122.xlsx', 1]);
  });

  it('turns Shanghai calendar days into UTC bounds, the end day included', () => {
    expect(exportFilter({ tab: 'all', dateFrom: '2026-11-01', dateTo: '2026-11-30', status: 'pending_team,approved' })).toMatchObject({
      dateFrom: '2026-10-31T16:00:00.000Z',
      dateTo: '2026-11-30T16:00:00.000Z',
      status: ['pending_team', 'approved'],
      current: 1,
      size: EXPORT_MAX_ROWS,
    });
  });
});
