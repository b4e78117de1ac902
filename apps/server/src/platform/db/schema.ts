import type { BuyingTables } from './schema/buying.ts';
import type { FinanceTables } from './schema/finance.ts';
import type { IdentityTables } from './schema/identity.ts';
import type { LedgersTables } from './schema/ledgers.ts';
import type { OversightTables } from './schema/oversight.ts';
import type { PlatformTables } from './schema/platform.ts';
import type { SharedTables } from './schema/shared.ts';
import type { SiteTables } from './schema/site.ts';
import type { SupplyTables } from './schema/supply.ts';

/**
 * Table shapes for Kysely. Portable types only: integers (booleans as 0/1), text, and
 * timestamps as ISO-8601 UTC text, so the same SQL runs on SQLite and PostgreSQL.
 *
 * The one entry every importer uses: each context declares its tables in schema/<context>.ts
 * (grouped by the owning module of scripts/table-owners.ts), and DB is their union. A new
 * context adds its file, a re-export and one name to `extends` below.
 */
export type * from './schema/buying.ts';
export type * from './schema/finance.ts';
export type * from './schema/identity.ts';
export type * from './schema/ledgers.ts';
export type * from './schema/oversight.ts';
export type * from './schema/platform.ts';
export type * from './schema/shared.ts';
export type * from './schema/site.ts';
export type * from './schema/supply.ts';

export interface DB
  extends PlatformTables,
    SharedTables,
    SiteTables,
    LedgersTables,
    IdentityTables,
    SupplyTables,
    BuyingTables,
    FinanceTables,
    OversightTables {}
