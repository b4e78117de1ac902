import { describe, expect, it } from 'vitest';
import { hasPerm, pageFlags } from './access.ts';

describe('access', () => {
  it('reads buyer permissions from limitGroup and supplier ones from functionVOList', () => {
    expect(hasPerm({ limitGroup: ['mall:order:buy'], functionVOList: [] }, 'mall:order:buy')).toBe(true);
    expect(hasPerm({ limitGroup: [], functionVOList: [{ functionCode: 'supplier:item:edit' }] }, 'supplier:item:edit')).toBe(true);
    expect(hasPerm(null, 'x')).toBe(false);
  });
  it('splits the permitted tab list', () => {
    const info = {
      authorityList: [
        {
          resourceId: 1,
          permCode: 'p',
          addJurisdiction: true,
          modifyJurisdiction: false,
          deleteJurisdiction: true,
          exportJurisdiction: false,
          limitTab: 'a,b,',
        },
      ],
    };
    expect(pageFlags(info, 'p')).toEqual({ add: true, modify: false, delete: true, export: false, tabs: ['a', 'b'] });
    expect(pageFlags(info, 'q').tabs).toEqual([]);
  });
});
