import type { ResourceSeed } from './resource-seed.ts';

/**
 * The shared context's pages: 审批流程 and the dictionaries, all in the platform's 系统管理.
 * resources.ts places each in the seed's tree.
 */

// shared/approvals

export const approvalFlow: ResourceSeed = {
  key: 'approvalFlow',
  name: '审批流程',
  type: 'menu',
  side: 1,
  path: '/cass/system/approvalFlow',
  routeName: 'systemApprovalFlow',
  component: 'system/approval-flow',
  perm: 'mall:approval:manage',
};

// shared/dicts

export const dicts: ResourceSeed = {
  key: 'dicts',
  name: '字典管理',
  type: 'menu',
  side: 1,
  path: '/cass/system/dict',
  routeName: 'systemDict',
  component: 'system/dict',
  perm: 'uac:dict:manage',
};

export const dictConfig: ResourceSeed = {
  key: 'dictConfig',
  name: '研究所字典配置',
  type: 'menu',
  side: 1,
  path: '/cass/system/dictConfig',
  routeName: 'systemDictConfig',
  component: 'system/dict-config',
  perm: 'uac:dictConfig:manage',
};
