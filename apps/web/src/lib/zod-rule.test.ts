import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractRules, refusesEmpty, zodMessage, zodRule } from './zod-rule.ts';

type Checker = { validator: (rule: unknown, value: unknown) => Promise<void> };
const check = (rule: FormRule, value: unknown) => (rule as Checker).validator({}, value);

const Title = z.string().trim().min(1, '请输入标题').max(10, '标题最多 10 个字');
const Code = z
  .string()
  .trim()
  .regex(/^[a-z]{2,8}$/, '编码为 2-8 位小写字母');
const Remark = z.string().trim().max(20).optional();

describe('form rules from the contracts’ schemas', () => {
  it('reads the schema’s first message', () => {
    expect(zodMessage(Title, '')).toBe('请输入标题');
    expect(zodMessage(Title, '标题')).toBeNull();
  });

  it('zodRule leaves empty values to `required` and checks the rest with the schema’s or the form’s message', async () => {
    await expect(check(zodRule(Code), '')).resolves.toBeUndefined();
    await expect(check(zodRule(Code), undefined)).resolves.toBeUndefined();
    await expect(check(zodRule(Code), '   ')).resolves.toBeUndefined();
    await expect(check(zodRule(Code), 'A1')).rejects.toThrow('编码为 2-8 位小写字母');
    await expect(check(zodRule(Code, '编码不正确'), 'A1')).rejects.toThrow('编码不正确');
    await expect(check(zodRule(Code), 'abc')).resolves.toBeUndefined();
  });

  it('knows a field the schema requires from an optional one', () => {
    expect(refusesEmpty(Title)).toBe(true);
    expect(refusesEmpty(Remark)).toBe(false);
    expect(refusesEmpty(z.string().trim().max(200))).toBe(false);
  });

  it('contractRules: required with the schema’s message for an empty value, then the schema', async () => {
    const [required, rest] = contractRules(Title);
    expect(required).toEqual({ required: true, message: '请输入标题' });
    await expect(check(rest, '')).resolves.toBeUndefined();
    // blank text is empty too, and says so once (antd's `whitespace` would also refuse a number)
    await expect(check(rest, '   ')).rejects.toThrow('请输入标题');
    await expect(check(rest, '一二三四五六七八九十一')).rejects.toThrow('标题最多 10 个字');
  });

  it('contractRules keeps the form’s wording: one message, or the empty and invalid value’s apart', async () => {
    const [required, rest] = contractRules(Code, '请输入 2-8 位小写字母');
    expect(required).toMatchObject({ required: true, message: '请输入 2-8 位小写字母' });
    await expect(check(rest, 'A')).rejects.toThrow('请输入 2-8 位小写字母');
    const [r2, rest2] = contractRules(Code, { required: '请输入编码' });
    expect(r2).toMatchObject({ message: '请输入编码' });
    await expect(check(rest2, 'A')).rejects.toThrow('编码为 2-8 位小写字母');
  });

  it('a required number passes the required rule and the schema', async () => {
    const Type = z.number().int().min(1).max(3, '公告类型不正确');
    const [required, rest] = contractRules(Type, '请选择公告类型');
    expect(required).toEqual({ required: true, message: '请选择公告类型' });
    await expect(check(rest, 2)).resolves.toBeUndefined();
    await expect(check(rest, 4)).rejects.toThrow('请选择公告类型');
  });

  it('an optional field gets no `required`', async () => {
    const rules = contractRules(Remark);
    expect(rules).toHaveLength(1);
    await expect(check(rules[0], 'x'.repeat(21))).rejects.toThrow();
  });
});

describe('contractRules under antd’s validator (@rc-component/async-validator)', () => {
  const validate = async (rules: FormRule[], value: unknown) => {
    const { default: Schema } = await import('@rc-component/async-validator');
    try {
      await new Schema({ f: rules as never }).validate({ f: value });
      return [];
    } catch (e) {
      return (e as { errors: { message: string }[] }).errors.map((x) => x.message);
    }
  };

  it('takes a filled-in number and refuses an empty one with the form’s message', async () => {
    const rules = contractRules(z.number().int().min(1).max(3), '请选择公告类型');
    expect(await validate(rules, 2)).toEqual([]);
    expect(await validate(rules, undefined)).toEqual(['请选择公告类型']);
  });

  it('refuses empty and blank text once, then the schema’s own check', async () => {
    const rules = contractRules(Title);
    expect(await validate(rules, '')).toEqual(['请输入标题']);
    expect(await validate(rules, '  ')).toEqual(['请输入标题']);
    expect(await validate(rules, '一二三四五六七八九十一')).toEqual(['标题最多 10 个字']);
    expect(await validate(rules, '公告')).toEqual([]);
  });
});
