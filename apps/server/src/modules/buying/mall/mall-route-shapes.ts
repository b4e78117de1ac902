import { envelope } from '@kc/contracts/platform/common';
import { z } from 'zod';

/** The answers several mall registrars share (cart and favourites count; addresses and buy tips create). */
export const Count = envelope(z.object({ count: z.number().int() }));
export const Created = envelope(z.object({ id: z.number().int() }));
