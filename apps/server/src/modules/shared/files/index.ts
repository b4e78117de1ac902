import type { AppContext } from '../../../platform/context.ts';
import { serverSecret } from '../../../platform/db/settings.ts';
import { openFileStorage } from '../../../platform/files/open-file-storage.ts';
import type { Module } from '../../../platform/module.ts';
import { FilesRepository } from './files.repository.ts';
import { registerFileRoutes } from './files.routes.ts';
import { FilesService } from './files.service.ts';

export { readParts as readUploadedFiles } from './files.routes.ts';
export type { FilesService, IncomingFile } from './files.service.ts';

/** Uploads (type by real bytes) and signed, expiring download links; other modules keep file ids and ask for links. */
export async function createFilesModule(ctx: AppContext): Promise<Module<{ files: FilesService }>> {
  const files = new FilesService(
    new FilesRepository(ctx.database.db),
    await openFileStorage(ctx.config, ctx.database),
    await serverSecret(ctx.database.db, 'file_url_secret'),
  );
  ctx.jobs.define('files.sweepOrphans', async () => {
    await files.sweepOrphans();
  });
  // nightly, when nobody is filling in a form
  ctx.jobs.schedule('files.sweepOrphans', '30 3 * * *');
  return { services: { files }, register: (app) => registerFileRoutes(app, ctx, files) };
}
