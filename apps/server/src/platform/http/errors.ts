import { ErrorCodes, type ErrorKey } from '@kc/contracts/platform/errors';

/** A failure the client is meant to see: HTTP status, business code, Chinese message, optional data. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  readonly data: unknown;
  constructor(key: ErrorKey, message?: string, data: unknown = null) {
    const def = ErrorCodes[key];
    super(message ?? def.message);
    this.status = def.status;
    this.code = def.code;
    this.data = data;
  }
}

export const fail = (key: ErrorKey, message?: string, data?: unknown): never => {
  throw new AppError(key, message, data);
};
