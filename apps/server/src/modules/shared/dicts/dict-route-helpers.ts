import { envelope } from '@kc/contracts/platform/common';
import { z } from 'zod';

/** The OpenAPI group of the dictionary routes. */
export const DICT_TAGS = ['字典'];
/** the answer of an add: the new row's id */

export const Created = envelope(z.object({ id: z.number().int() }));
