import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';
import { DiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.port.ts';
import { PgStorage } from './pg-storage.ts';
import { S3Storage } from './s3-storage.ts';

/**
 * The file store of this deployment (FILE_STORE, docs/DEPLOY.md): S3-compatible storage when
 * configured; otherwise PostgreSQL when the data is there (every process then reads what another
 * wrote); otherwise the disk under DATA_DIR (the embedded default).
 */
export function openFileStorage(config: Config, database: Database): FileStorage {
  const f = config.fileStore;
  if (f.kind === 's3') return new S3Storage(f.s3);
  if (f.kind === 'postgres') {
    if (database.engine !== 'postgres') throw new Error('FILE_STORE=postgres 需要设置 DATABASE_URL（PostgreSQL）');
    return new PgStorage(database.db);
  }
  return new DiskStorage(path.join(config.dataDir, 'files'));
}
