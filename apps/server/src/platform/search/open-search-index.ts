import type { Engine } from '../db/database.ts';
import { PostgresTsvectorIndex } from './postgres-tsvector.ts';
import type { SearchIndex } from './search.port.ts';
import { SqliteFtsIndex } from './sqlite-fts.ts';

/** The adapter for the engine in use. */
export const openSearchIndex = (engine: Engine): SearchIndex => (engine === 'postgres' ? new PostgresTsvectorIndex() : new SqliteFtsIndex());
