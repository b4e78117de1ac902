import { randomBytes } from 'node:crypto';
import { shanghaiCompactDate } from '../../../platform/documents/index.ts';

/** Codes are random, not sequential: a label's QR code must not reveal how much an institute holds. */
const randomCode = (prefix: string) => `${prefix}${shanghaiCompactDate(new Date())}${randomBytes(4).toString('hex').toUpperCase()}`;
/** A container's label code (KC…). */
export const containerCode = () => randomCode('KC');
/** A 入库单 (RK…) or 出库单 (CK…) number. */
export const slipNo = (kind: 'in' | 'out') => randomCode(kind === 'in' ? 'RK' : 'CK');
