/**
 * Supplier invoices (发票) and the three-way match of sub-orders (ordered → accepted → invoiced).
 * Other modules (claims, statements) ask `matchOf` which sub-orders are billed and how.
 */

export { markInvoicesClaimed } from './claim-link.ts';
export { matchOf } from './match.repository.ts';
export { computeMatch, deliveryBucket, type MatchInput } from './match.ts';
