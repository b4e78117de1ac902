import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import { registerInterfaceExcelRoutes } from './interface-excel.routes.ts';
import { InterfaceExcelService } from './interface-excel.service.ts';
import { InterfaceImportsRepository } from './interface-imports.repository.ts';

/** /interface/v1 Excel families: 供应商联系人, 联系人对应, 销售活动, 协议价 (docs/ARCHITECTURE.md). */
export function createInterfaceExcelModule(ctx: AppContext): Module {
  const svc = new InterfaceExcelService(new InterfaceImportsRepository(ctx.database.db));
  // nightly, with the other import housekeeping (03:45 exports, 03:55 external log)
  ctx.jobs.define('interfaceImport.expire', () => svc.expire());
  ctx.jobs.schedule('interfaceImport.expire', '50 3 * * *');
  return { services: {}, register: (app) => registerInterfaceExcelRoutes(app, svc) };
}
