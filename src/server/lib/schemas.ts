import { z } from 'zod';

/** ARCHITECTURE §3's error body, for route response schemas and the API description. */
export const errorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The errors of a route that reads its input: invalid input, not signed in. */
export const inputErrors = { 400: errorBodySchema, 401: errorBodySchema };

/** The errors of a route on a company's record: invalid input, not signed in, not found. */
export const recordErrors = { ...inputErrors, 404: errorBodySchema };

/** The refusals of a file upload: bad input, no session, too large, not the right type. */
export const uploadErrors = { ...inputErrors, 413: errorBodySchema, 415: errorBodySchema };
