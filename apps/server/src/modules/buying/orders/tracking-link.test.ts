import { describe, expect, it } from 'vitest';
import { trackingLink } from './tracking-link.ts';

describe('trackingLink', () => {
  it('fills the channel code and the tracking number into the template, encoded', () => {
    expect(trackingLink('https://www.kuaidi100.com/chaxun?com={com}&nu={no}', 'shunfeng', 'SF 123&x')).toBe(
      'https://www.kuaidi100.com/chaxun?com=shunfeng&nu=SF%20123%26x',
    );
    expect(trackingLink('https://t.example/{no}/{no}', 'X', '9')).toBe('https://t.example/9/9');
  });
  it('links a plain search page as it is, and nothing without an address', () => {
    expect(trackingLink('https://www.sf-express.com/chn/sc/waybill/list', 'SF', '1')).toBe('https://www.sf-express.com/chn/sc/waybill/list');
    expect(trackingLink(null, 'SF', '1')).toBeNull();
    expect(trackingLink('', 'SF', '1')).toBeNull();
  });
});
