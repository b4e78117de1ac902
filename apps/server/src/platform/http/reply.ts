import { ErrorCodes } from '@kc/contracts/errors';

/** The success envelope. */
export const ok = <T>(data: T, message: string = ErrorCodes.OK.message) => ({ code: 200, message, data });
