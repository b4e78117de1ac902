import type { FormRule } from 'antd';
import type { ZodType } from 'zod';

/**
 * An antd form rule from a contract schema (DESIGN.md: form rules derive from the schemas), so the
 * form says what the server would say. Empty values are left to the `required` rule.
 */
export function zodRule(schema: ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '输入不正确');
    },
  };
}
