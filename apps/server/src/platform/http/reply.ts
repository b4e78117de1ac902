import { ErrorCodes } from '@kc/contracts/platform/errors';

/** The success envelope. */
export const ok = <T>(data: T, message: string = ErrorCodes.OK.message) => ({ code: 200, message, data });
