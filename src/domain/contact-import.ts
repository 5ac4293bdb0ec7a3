// The contact fields of an import file without the schemas: the contacts page's import section
// imports this and leaves the validation library out of its download (contacts.ts re-exports it).

/** The columns of an import file, in the template's order (SPEC §7, template download). */
export const CONTACT_CSV_COLUMNS = ['name', 'email', 'phone', 'organization', 'notes'] as const;
export const CONTACT_CSV_REQUIRED = ['name', 'email'] as const;

/** The header names, besides a field's own, that the import suggests it for (any case, spacing). */
export const CONTACT_IMPORT_SYNONYMS = {
  name: ['full name', 'contact name', 'contact', 'display name', 'person'],
  email: ['e-mail', 'email address', 'e-mail address', 'mail', 'email 1'],
  phone: ['telephone', 'phone number', 'mobile', 'mobile phone', 'cell', 'tel', 'work phone'],
  organization: [
    'organisation',
    'company',
    'company name',
    'organization name',
    'org',
    'employer',
    'account name',
  ],
  notes: ['note', 'comments', 'comment', 'description', 'remarks'],
} as const satisfies Record<(typeof CONTACT_CSV_COLUMNS)[number], readonly string[]>;

export type ContactImportField = (typeof CONTACT_CSV_COLUMNS)[number];
export const CONTACT_FIELD_LABELS: Record<ContactImportField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  organization: 'Organization',
  notes: 'Notes',
};
