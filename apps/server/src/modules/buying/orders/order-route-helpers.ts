import type { OrderListQuery } from '@kc/contracts/buying/orders';
import type { z } from 'zod';
import { listFilterOf } from './order.repository.ts';

/** The OpenAPI group of the buyer-side order routes (lists, approval, buyer actions, acceptance, detail). */
export const ORDER_TAGS = ['订单流转'];

/** A list query's filter: the query carries both the filters and the page. */
export const filterOf = (q: z.infer<typeof OrderListQuery>) => listFilterOf(q, q);
