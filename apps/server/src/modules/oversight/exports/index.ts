import type { AppContext } from '../../../platform/context.ts';
import type { Module } from '../../../platform/module.ts';
import type { ExportService, HistoricalOrders } from '../../buying/orders/index.ts';
import type { StatisticsService } from '../../ledgers/statistics/index.ts';
import type { ApprovalsService } from '../../shared/approvals/index.ts';
import type { FilesService } from '../../shared/files/index.ts';
import { ExportRecordsRepository } from './export-records.repository.ts';
import { registerExportRecordRoutes } from './export-records.routes.ts';
import { EXPIRE_JOB, EXPORT_JOB, ExportRecordsService } from './export-records.service.ts';
import { OrderImportRepository } from './order-import.repository.ts';
import { registerOrderImportRoutes } from './order-import.routes.ts';
import { OrderImportService } from './order-import.service.ts';

export interface ExportsDeps {
  exporter: ExportService;
  files: FilesService;
  approvals: ApprovalsService;
  /** the historical import's spend facts and rollups */
  statistics: StatisticsService;
  /** the orders module writes the imported orders (it owns the order tables) */
  history: HistoricalOrders;
}

/** Asynchronous exports with their records (导出记录), and the platform's import of historical orders. */
export type { OrderImportService };

export function createExportsModule(ctx: AppContext, deps: ExportsDeps): Module<{ exports: ExportRecordsService; orderImport: OrderImportService }> {
  const db = ctx.database.db;
  const records = new ExportRecordsService(new ExportRecordsRepository(db), deps.exporter, deps.files, deps.approvals, ctx.jobs);
  const imports = new OrderImportService(new OrderImportRepository(db), deps.statistics, deps.history);
  // a failed export stays failed (the record says why); the user exports again
  ctx.jobs.define<{ recordId: number }>(EXPORT_JOB, (job) => records.run(job.payload.recordId), { retryLimit: 0 });
  ctx.jobs.define(EXPIRE_JOB, async () => {
    await records.expire();
    await imports.expire();
  });
  // nightly, after the orphan-file sweep (03:30)
  ctx.jobs.schedule(EXPIRE_JOB, '45 3 * * *');
  return {
    services: { exports: records, orderImport: imports },
    register(app) {
      registerExportRecordRoutes(app, records);
      registerOrderImportRoutes(app, imports);
    },
  };
}
