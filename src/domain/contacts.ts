import { z } from 'zod';
import {
  companyRecordSchema,
  emailSchema,
  optionalLines,
  optionalText,
  requiredText,
} from './common.ts';
import { CONTACT_CSV_COLUMNS } from './contact-import.ts';
import { importMappingSchema, importPreviewSchema, tooManyInvalidRows } from './csv-import.ts';
import { type ListParams, listQuerySchema, queryText } from './lists.ts';

export * from './contact-import.ts';

export const contactInputSchema = z.object({
  name: requiredText('Name is required'),
  email: emailSchema,
  phone: optionalText(50),
  organization: optionalText(),
  notes: optionalLines(),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactValues = z.output<typeof contactInputSchema>;

/** PATCH: the same fields, each optional; a field left out keeps its value, `null` clears one. */
export const contactPatchSchema = contactInputSchema.partial();

export const contactSchema = companyRecordSchema({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  organization: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

const contactSortFields = ['name', 'email', 'organization', 'createdAt'] as const;
export type ContactSortField = (typeof contactSortFields)[number];
/** What a page of the list is asked with (the API's query, as both sides type it). */
export interface ContactListParams extends ListParams<ContactSortField> {
  /** Exact organization: the contacts of one funder or partner. */
  organization?: string | undefined;
}
export const contactListQuerySchema = listQuerySchema(contactSortFields).extend({
  /** Exact organization: the contacts of one funder or partner (SPEC §1). */
  organization: queryText(),
});

export const TOO_MANY_INVALID_ROWS = tooManyInvalidRows('contacts');

export const contactImportMappingSchema = importMappingSchema(CONTACT_CSV_COLUMNS);
export const contactImportPreviewSchema = importPreviewSchema(CONTACT_CSV_COLUMNS);

/** Why a row was skipped as a duplicate (the default choice for a taken email). */
export const DUPLICATE_OF_CONTACT = 'A contact with this email is already here';
export const duplicateOfRow = (row: number) => `Same email as row ${row}`;
/** Why a row was skipped when duplicates update: its email is more than one contact's. */
export const EMAIL_OF_SEVERAL_CONTACTS =
  'More than one contact has this email, so this row cannot say which one to update';
