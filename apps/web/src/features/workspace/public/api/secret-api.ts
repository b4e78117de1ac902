import type { SecretVO } from '@kc/contracts/identity/sso';
import { api } from '../../../../lib/api-client.ts';

/** 隐私政策（1）与平台服务协议（2） GET /mall/v1/secret/noauth/getSecretByType */
export const getSecretByType = (type: 1 | 2) => api.get<SecretVO>('/mall/v1/secret/noauth/getSecretByType', { type });
