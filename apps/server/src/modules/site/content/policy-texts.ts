import { createHash } from 'node:crypto';
import { SECRET_TYPE_KIND, type SecretVO } from '@kc/contracts/identity/sso';
import { sanitizeRichText } from '../../../platform/sanitize.ts';
import type { ContentRepository } from './content.repository.ts';

/** The privacy policy (1) and service agreement (2) as the privacy pages show them, with their version. */
export interface PolicyTexts {
  current(type: 1 | 2): Promise<SecretVO>;
}

const TITLES = { privacy: '隐私政策', serviceAgreement: '平台服务协议' } as const;

/**
 * The privacy policy (type 1) and the platform service agreement (type 2) of the three privacy pages
 * (getSecretByType). The admin keeps their text in 页面配置 (kinds 'privacy' and 'serviceAgreement');
 * several started entries are one document in order. The version is a digest of which entries and
 * when they were last edited, so any edit asks SSO users to agree again.
 */
export async function policyText(repo: ContentRepository, type: 1 | 2): Promise<SecretVO> {
  const kind = SECRET_TYPE_KIND[type];
  const docs = await repo.activePageConfigs(kind);
  if (!docs.length) return { type, title: TITLES[kind], content: '', version: null, updatedAt: null };
  const content = docs.map((d, i) => (i === 0 ? '' : `<h4>${escapeHtml(d.title)}</h4>`) + sanitizeRichText(d.content ?? '')).join('');
  const version = createHash('sha256')
    .update(docs.map((d) => `${d.id}@${d.updated_at}`).join('|'))
    .digest('hex')
    .slice(0, 16);
  const updatedAt =
    docs
      .map((d) => d.updated_at)
      .sort()
      .at(-1) ?? null;
  return { type, title: docs[0].title, content, version, updatedAt };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
