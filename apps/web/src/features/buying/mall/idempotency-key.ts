/** A submission key for POST /mall/v1/order/create: 32 hex characters (the server takes 8–64 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  // getRandomValues works on plain-http origins too, where crypto.randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
