import { z } from 'zod';

/** Longest free text (notes) and longest single-line value the product stores. */
export const NOTES_MAX = 10_000;
export const LINE_MAX = 200;

// PostgreSQL text cannot hold NUL; refusing it here turns a database error into a clear 400.
const noNul = (value: string) => !value.includes('\u0000');
const NUL_MESSAGE = 'Text must not contain NUL characters';

/** A required single-line text: trimmed, and `message` when missing or blank. */
export const requiredText = (message: string, max = LINE_MAX) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine(noNul, NUL_MESSAGE);

/**
 * An optional text: trimmed; empty, blank, null or missing all become null (stored as NULL).
 */
export const optionalText = (max = LINE_MAX) =>
  z
    .string({ error: 'Expected text' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(noNul, NUL_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailSchema = z
  .string({ error: 'Invalid email format' })
  .trim()
  .max(LINE_MAX, 'Invalid email format')
  .pipe(z.email({ error: 'Invalid email format' }));

/** A date and time sent as an ISO 8601 string (or anything Date.parse reads). */
export const dateTimeSchema = (requiredMessage: string, invalidMessage = 'Invalid date format') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => !Number.isNaN(Date.parse(value)), invalidMessage)
    .transform((value) => new Date(value));

/** Largest id a row can have (PostgreSQL integer). */
export const ID_MAX = 2_147_483_647;

/** An id in a path: a positive integer, else 400 (never a database error). */
export const idParamSchema = z.coerce
  .number({ error: 'Invalid id' })
  .int('Invalid id')
  .min(1, 'Invalid id')
  .max(ID_MAX, 'Invalid id');

export const idParams = z.object({ id: idParamSchema });
export const grantIdParams = z.object({ grantId: idParamSchema });
export const grantTaskParams = z.object({ grantId: idParamSchema, taskId: idParamSchema });
