import { z } from 'zod';

/** Session keys (docs/domains/finance.md#invoice-terms) of the user's institute, from its invoice settings. */
export const InvoiceTerms = z.object({ invoiceType: z.string(), invoiceTime: z.string(), payTime: z.string() });
export type InvoiceTerms = z.infer<typeof InvoiceTerms>;
