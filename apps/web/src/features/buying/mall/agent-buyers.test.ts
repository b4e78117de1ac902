import { describe, expect, it } from 'vitest';
import { buyerLabel, buyerOptions, chosenBuyer, SELF } from './agent-buyers.ts';

const wang = { id: 11, realName: '王晓明', userName: 'buyer1' };
const nameless = { id: 12, realName: null, userName: 'buyer9' };

describe('代下单 buyer choice', () => {
  it('labels a buyer as 姓名（用户名）, or the user name alone without a real name', () => {
    expect(buyerLabel(wang)).toBe('王晓明（buyer1）');
    expect(buyerLabel(nameless)).toBe('buyer9');
    expect(buyerLabel({ ...wang, realName: '  ' })).toBe('buyer1');
  });

  it('offers 本人 first, then the buyers in the order given', () => {
    expect(buyerOptions([wang, nameless])).toEqual([
      { value: SELF, label: '本人' },
      { value: 11, label: '王晓明（buyer1）' },
      { value: 12, label: 'buyer9' },
    ]);
    expect(buyerOptions([])).toEqual([{ value: SELF, label: '本人' }]);
  });

  it('orders for oneself unless a listed buyer is chosen', () => {
    expect(chosenBuyer([wang], undefined)).toBeUndefined();
    expect(chosenBuyer([wang], SELF)).toBeUndefined();
    expect(chosenBuyer([wang], 99)).toBeUndefined();
    expect(chosenBuyer([wang, nameless], 11)).toBe(wang);
  });
});
