import type { FormRule } from 'antd';
import type { ZodType } from 'zod';

/**
 * Form rules from the contracts' schemas (docs/domains/platform.md#schema-contract: form rules derive from the schemas), so a form
 * says what the server would say. A form keeps its own wording where it has one: pass it as the
 * message and it replaces the schema's.
 */

/** The first message the schema gives for a value, or null when it takes the value. */
export function zodMessage(schema: ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '输入不正确');
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An antd rule checking a filled-in value against the schema; empty values (blank text too: the
 * pages trim what they send) are left to the `required` rule.
 */
export function zodRule(schema: ZodType, message?: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (isBlank(value)) return;
      const problem = zodMessage(schema, value);
      if (problem !== null) throw new Error(message ?? problem);
    },
  };
}

/** The form's wording: one message for every failure, or the empty and the invalid value's apart. */
export type FieldMessages = string | { required?: string; invalid?: string };

/** Whether the schema refuses an empty field (nothing filled in: undefined, nor an empty text). */
export const refusesEmpty = (schema: ZodType): boolean => zodMessage(schema, undefined) !== null && zodMessage(schema, '') !== null;

/**
 * The rules of a field whose request schema is in the contracts: `required` when the schema refuses
 * an empty value, with the schema's message for '' unless the form gives its own (blank text counts
 * as empty and says the same; antd's own `whitespace` check would refuse numbers); then the
 * schema's checks of a filled-in value.
 */
export function contractRules(schema: ZodType, messages?: FieldMessages): FormRule[] {
  const m = typeof messages === 'string' ? { required: messages, invalid: messages } : (messages ?? {});
  if (!refusesEmpty(schema)) return [zodRule(schema, m.invalid)];
  const required = m.required ?? zodMessage(schema, '') ?? undefined;
  const check: FormRule = {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      if (typeof value === 'string' && value.trim() === '') throw new Error(required);
      const problem = zodMessage(schema, value);
      if (problem !== null) throw new Error(m.invalid ?? problem);
    },
  };
  return [{ required: true, message: required }, check];
}
