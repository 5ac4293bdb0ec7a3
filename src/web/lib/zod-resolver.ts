import type { z } from 'zod';

/**
 * Validates a Mantine form with the same Zod schema the server uses, so the spec's messages are
 * written once. Each field shows its first issue.
 */
export function zodResolver<Schema extends z.ZodType>(schema: Schema) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
    }
    return errors;
  };
}
