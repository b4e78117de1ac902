import { z } from 'zod';

/** Session keys (SPEC.md §3 "invoice time/type", "pay time") of the user's institute, from its invoice settings. */
export const InvoiceTerms = z.object({ invoiceType: z.string(), invoiceTime: z.string(), payTime: z.string() });
export type InvoiceTerms = z.infer<typeof InvoiceTerms>;
