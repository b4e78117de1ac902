import { envelope } from '@kc/contracts/platform/common';
import { z } from 'zod';

/** The answer of a move on a request, the buyer's and the supplier's alike: its new status. */

export const Moved = envelope(z.object({ id: z.number().int(), status: z.string(), statusText: z.string() }));
