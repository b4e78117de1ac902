import { auditModuleName as auditModule } from '@kc/contracts/identity/rbac';
import { describe, expect, it } from 'vitest';

describe('auditModule', () => {
  it('names the module of an action', () => {
    expect(auditModule('dept.add')).toBe('部门');
    expect(auditModule('expressChannel.save')).toBe('快递渠道');
    expect(auditModule('limit.deptCount')).toBe('数量限制');
  });
  it('shows an unknown module as it is, never a prototype member', () => {
    expect(auditModule('mystery.do')).toBe('mystery');
    expect(auditModule('constructor.x')).toBe('constructor');
  });
});
