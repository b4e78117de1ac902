import type { ExternalKind, ExternalLookupVO } from '@kc/contracts/supply/external';
import { api } from '../../../../lib/api-client.ts';

/** 外部数据 GET /interface/v1/externalInterface/lookup (the server answers within about a second, never with an error) */
export const lookupExternal = (kind: ExternalKind, id: string) =>
  api.get<ExternalLookupVO>('/interface/v1/externalInterface/lookup', { kind, id }, { silent: true });
