import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';
import { DiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.port.ts';
import { PgStorage } from './pg-storage.ts';

/**
 * The file store of this deployment (FILE_STORE, docs/DEPLOY.md): S3-compatible storage when
 * configured; otherwise PostgreSQL when the data is there (every process then reads what another
 * wrote); otherwise the disk under DATA_DIR (the embedded default).
 */
export async function openFileStorage(config: Config, database: Database): Promise<FileStorage> {
  const f = config.fileStore;
  if (f.kind === 's3') {
    // loaded only where configured: the AWS SDK is large, and most deployments never use it
    const { S3Storage } = await import('./s3-storage.ts');
    return new S3Storage(f.s3);
  }
  if (f.kind === 'postgres') {
    if (database.engine !== 'postgres') throw new Error('FILE_STORE=postgres 需要设置 DATABASE_URL（PostgreSQL）');
    return new PgStorage(database.db);
  }
  return new DiskStorage(path.join(config.dataDir, 'files'));
}
