import { z } from 'zod';

/** ARCHITECTURE §3's error body, for route response schemas and the API description. */
export const errorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
