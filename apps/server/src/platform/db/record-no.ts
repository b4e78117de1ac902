import { randomUUID } from 'node:crypto';
import { shanghaiCompactDate } from '../documents/shanghai-time.ts';

/**
 * Record numbers such as SH20261126000042: a prefix, the Shanghai date and the row id, unique
 * without a counter. The row is inserted under `pendingNo()` (unique, never shown) and renamed
 * once its id is known, in the same transaction.
 */
export const pendingNo = () => `pending-${randomUUID()}`;
export const recordNo = (prefix: string, id: number, at: Date = new Date()) => `${prefix}${shanghaiCompactDate(at)}${String(id).padStart(6, '0')}`;
