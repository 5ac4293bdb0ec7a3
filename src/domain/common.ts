import { z } from 'zod';
import { CompanyClockTime, isoInstant, isWithoutOffset } from './iso-dates.ts';
import {
  hasNumber,
  hasUppercase,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordMessages,
} from './password-rule.ts';
import { canonicalTimeZone, currentTimeZoneName } from './time-zone-names.ts';

/** Longest free text (notes) and longest single-line value the product stores. */
export const NOTES_MAX = 10_000;
export const LINE_MAX = 200;

/** Largest amount of money accepted (grants, opportunities): well inside exact integer range. */
const AMOUNT_MAX = 1_000_000_000_000;

/**
 * An amount of money: whole dollars from 0 to AMOUNT_MAX. `message` is the field's own answer to
 * a value that is missing, not a number, or below 0.
 */
export const amountSchema = (message: string) =>
  z
    // A JSON number past what a double holds (1e309) arrives as Infinity: too large, not missing.
    .number({ error: (issue) => (issue.input === Infinity ? 'Amount is too large' : message) })
    // In this order, and stopping there, so that a huge number is too large and no more (to Zod,
    // one past the exact integers is no integer, though written as a whole number).
    .max(AMOUNT_MAX, { error: 'Amount is too large', abort: true })
    .min(0, message)
    .int('Amount must be a whole number of dollars');

/**
 * An optional amount of money (as amountSchema); null or '' is none. A field left out stays left out
 * (undefined), so a write can tell an amount cleared from one not given: a grant created Awarded
 * with no awarded amount given is awarded what it asks for, one whose amount was cleared is not.
 */
export const optionalAmount = (message: string) => emptyIsNull(amountSchema(message).nullish());

/**
 * `schema`, optional, taking '' (an emptied field, as a form or an API client sends it) as null:
 * cleared, as an optional text, day or assignee is.
 */
export const emptyIsNull = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value: z.input<Schema> | '') => (value === '' ? null : value), schema);

/**
 * A company's record as the API answers it: its id, its fields, its company's id, then when it
 * was created and last changed (ISO 8601) and who created it (a user's id; null for a record a
 * script or a scheduled job made; the user's name stays in the record's history).
 */
export const companyRecordSchema = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({
    id: z.number().int(),
    ...shape,
    companyId: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.number().int().nullable(),
  });

/** Whether `value` is an absolute http or https URL (a document link, a website). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Whether a field was left out or left empty: it is then "required", not "invalid". */
export const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** The answer to text that cannot be stored as sent. */
const INVALID_CHARACTERS = 'Invalid characters';

/**
 * PostgreSQL text cannot hold NUL (U+0000), and a lone UTF-16 surrogate has no UTF-8 form (the
 * driver would store U+FFFD instead of what was sent). Refusing both here turns a database error
 * or a silent change into a clear 400.
 */
const isStorableText = (value: string) => !value.includes('\u0000') && !/\p{Cs}/u.test(value);

/**
 * A string that can be stored as sent: every string the API reads starts here. The check comes
 * first, so its message wins over the length and format checks chained after it.
 */
export const storableString = (error?: string) =>
  z.string(error === undefined ? undefined : { error }).refine(isStorableText, INVALID_CHARACTERS);

/**
 * Text as people write it, kept composed (NFC): 'Café' is one name, found by one search and one
 * funder, whether its é came as one character or as e and an accent (as text pasted from a PDF or
 * a Mac's file names may have it).
 */
const writtenText = (error?: string) =>
  storableString(error).overwrite((value) => value.normalize('NFC'));

/**
 * The controls that turn the direction of the text after them (embeddings, overrides and
 * isolates, U+202A-U+202E and U+2066-U+2069): kept, one would turn whatever follows the text on
 * the same line (a requirement named 'R:' and U+202E made the history read '… created R:oga
 * setunim 7'). They show nothing and people do not type them: they come with text copied from
 * elsewhere (a phone number from an Android phone, a line of an email), and are taken out. The
 * marks that only set the direction of the text beside them (U+200E, U+200F, U+061C) stay.
 */
const TURNS_DIRECTION = /[\u202a-\u202e\u2066-\u2069]/gu;

/** The text of a record's field: as written, less what would turn the direction around it. */
const recordText = (error?: string) =>
  writtenText(error).overwrite((value) => value.replace(TURNS_DIRECTION, ''));

/**
 * The spaces that only keep a line from breaking there (no-break, figure and narrow no-break
 * spaces): in a one-line name they are plain spaces, so a name typed with one is the name typed
 * with a space (its funder, its search).
 */
const NO_BREAK_SPACES = /[\u00a0\u2007\u202f]/gu;

/** Spaces in a row as one, as a one-line name is stored ('Beta   Fund' is 'Beta Fund'). */
export const oneSpaced = (value: string) => value.replace(/ {2,}/g, ' ');

/**
 * Text to search for: a control character in it (a tab, a line break, the separator the search
 * puts between a record's fields) is a space, so a search never matches across two fields; a
 * no-break space is a space, and what shows nothing at its ends goes, as in the names searched.
 * Spaces in a row are one, as in the names searched; notes and descriptions, which keep theirs,
 * are searched with each run as one (migration 0051).
 */
export const searchString = (error?: string) =>
  writtenText(error).overwrite((value) =>
    oneSpaced(trimmed(value.replace(/\p{Cc}/gu, ' ').replace(NO_BREAK_SPACES, ' '))),
  );

/**
 * Characters that show nothing: spaces, control and format characters (zero-width spaces and
 * joiners, marks of direction, the soft hyphen), and the blank fillers of Hangul and Braille.
 */
const INVISIBLE = /[\p{Z}\p{Cc}\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]/gu;

/** Whether a text shows nothing at all: empty, or made of invisible characters only. */
export const isBlank = (value: string) => value.replace(INVISIBLE, '') === '';

/**
 * What a text's ends may hold that shows nothing: white space (a line break, a no-break space),
 * the zero-width characters (space, joiners, word joiner, soft hyphen, the combining grapheme
 * joiner, the Mongolian vowel separator) that come with text pasted from a web page or a PDF,
 * and the marks of direction (left-to-right, right-to-left, Arabic letter) that a phone or a
 * mail client puts after what it copies. Taken off like spaces, so 'Hope Trust' and 'Hope Trust'
 * with a zero-width space or a right-to-left mark after it are one name (one funder). Inside a
 * text, a mark of direction stays (recordText).
 */
const INVISIBLE_ENDS =
  /^(?:[\s\u00ad\u061c\u180e\u200b-\u200f\u2060]|\u034f)+|(?:[\s\u00ad\u061c\u180e\u200b-\u200f\u2060]|\u034f)+$/gu;
const trimmed = (value: string) => value.replace(INVISIBLE_ENDS, '');

/**
 * A one-line text as it reads: trimmed, a no-break space a space, and spaces in a row one space,
 * so 'Beta   Fund' is the name 'Beta Fund' (one funder, found by one search).
 */
const oneLineText = (error?: string) =>
  recordText(error).overwrite((value) => oneSpaced(trimmed(value).replace(NO_BREAK_SPACES, ' ')));

/** A line holds no control character: no line break, tab, escape or the like. */
const isOneLine = (value: string) => !/\p{Cc}/u.test(value);

/**
 * Lines hold no control character but the line break and the tab: an escape or a bell, pasted
 * from a terminal, would be kept in the notes, the history and every export.
 */
const areLines = (value: string) => !/[^\P{Cc}\t\n\r]/u.test(value);

/**
 * A required single-line text: trimmed (invisible characters at its ends too), no-break spaces
 * made spaces; `message` when missing or blank (invisible characters
 * only), 'Invalid characters' when it holds a line break or another control character.
 */
export const requiredText = (message: string, max = LINE_MAX) =>
  oneLineText(message)
    .refine(isOneLine, INVALID_CHARACTERS)
    .refine((value) => !isBlank(value), message)
    .max(max, `Must be at most ${max} characters`);

/**
 * A required text of one or more lines (notes, a description): as requiredText, line breaks and
 * tabs allowed.
 */
export const requiredLines = (message: string, max = NOTES_MAX) =>
  recordText(message)
    .overwrite(trimmed)
    .refine(areLines, INVALID_CHARACTERS)
    .refine((value) => !isBlank(value), message)
    .max(max, `Must be at most ${max} characters`);

/** What an optional text becomes: null when empty or blank (invisible characters only). */
const orNull = (value: string | null | undefined) => (value && !isBlank(value) ? value : null);

/**
 * An optional one-line text: trimmed and spaced as requiredText, refused as it is ('Invalid
 * characters') with a line break or another control character; empty, blank (invisible
 * characters only), null or missing all become null (stored as NULL).
 */
export const optionalText = (max = LINE_MAX) =>
  oneLineText('Expected text')
    .refine(isOneLine, INVALID_CHARACTERS)
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform(orNull);

/**
 * Optional notes: as optionalText, but line breaks, tabs and no-break spaces ('10 000 €') are
 * kept as written (another control character is refused); only what shows nothing at their ends
 * goes.
 */
export const optionalLines = (max = NOTES_MAX) =>
  recordText('Expected text')
    .overwrite(trimmed)
    .refine(areLines, INVALID_CHARACTERS)
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform(orNull);

/** An optional http(s) address (a document link, a website): empty, null or missing is null. */
export const optionalHttpUrl = storableString('Please enter a valid URL')
  .trim()
  .max(2000, 'Must be at most 2000 characters')
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isHttpUrl(value), 'Please enter a valid http(s) URL');

export const emailSchema = z
  .string({ error: 'Invalid email format' })
  .trim()
  .max(LINE_MAX, 'Invalid email format')
  .pipe(z.email({ error: 'Invalid email format' }));

/**
 * Whether a username reads as what it is: no control or format character (a zero-width space, a
 * mark of direction), nothing that shows nothing of its own (Unicode's default-ignorable code
 * points: a Hangul filler, a variation selector, a combining grapheme joiner) nor the blank
 * Braille pattern, no space but the plain one, and written as its compatibility normal form
 * (NFKC), so that no lookalike of another name (fullwidth letters, a ligature) is taken.
 */
const isPlainUsername = (value: string) =>
  !/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]|(?! )\p{Z}/u.test(value) &&
  value === value.normalize('NFKC');

/**
 * The username of a new account, wherever one is chosen: sign-up, new user, invitation. Kept
 * composed (NFC): 'Zoë' is one name however its ë was typed, and sign-in finds it either way.
 */
export const usernameSchema = writtenText('Username must be at least 3 characters')
  .trim()
  .refine(isPlainUsername, INVALID_CHARACTERS)
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters');

/** The token of an emailed link (a password reset, an invitation), as its page sends it back. */
export const tokenSchema = storableString('Token is required')
  .min(1, 'Token is required')
  .max(LINE_MAX);

/** A password in Unicode's composed form: its accents count once however they were typed. */
const composed = (value: string) => value.normalize('NFC');

/**
 * A new password, wherever one is set: the one rule of ./password-rule.ts, over the password as
 * the server keeps it (composed, lib/passwords.ts), so its length is the same however typed.
 */
export const passwordSchema = storableString(passwordMessages.tooShort)
  .overwrite(composed)
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
  .refine(hasUppercase, passwordMessages.noUppercase)
  .refine(hasNumber, passwordMessages.noNumber);

/**
 * A form's fields with a new password typed twice (`password`, then `confirmPassword`), the
 * second equal to the first: accepting an invitation, a reset by email, a change of password.
 */
export const withConfirmedPassword = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z
    .object({
      ...shape,
      password: passwordSchema,
      confirmPassword: z
        .string()
        .overwrite(composed)
        .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
    })
    .refine((values: Record<string, unknown>) => values.password === values.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    });

/**
 * The days the product takes: 1900-01-01 to 2200-12-31. Date.parse reads years from -271821 to
 * 275760; outside this range they are no grant's or task's date, and years like 0 or 99999 fail
 * in PostgreSQL or on their way back (a 500 instead of the field's message).
 */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;
const HOUR = 60 * 60 * 1000;
/**
 * The instants on one of those days somewhere: 1 January 1900 began first where clocks are 14
 * hours ahead of UTC, and 31 December 2200 ends last where they are 12 hours behind.
 */
const EARLIEST = Date.UTC(FIRST_YEAR, 0, 1) - 14 * HOUR;
const AFTER_LATEST = Date.UTC(LAST_YEAR + 1, 0, 1) + 12 * HOUR;

/** The answer to a date written right but outside the days the product takes. */
export const DATE_RANGE_MESSAGE = 'Dates must be from 1900 to 2200';

/** The year of a day written as ISO 8601 writes it, a sign or more digits allowed (99999-01-01). */
const DAY_YEAR = /^([+-]?\d{4,6})-\d\d-\d\d(?:$|T)/;

/**
 * Whether `value` is written as a date: an ISO 8601 instant on a day the calendar has, or a day
 * of a year outside those the product takes (a date picker's 99999, -0001), which is refused for
 * its range rather than its format.
 */
const isWrittenAsDate = (value: string) => {
  if (!isStorableText(value)) return false;
  if (isoInstant(value) !== null) return true;
  const year = Number(DAY_YEAR.exec(value)?.[1]);
  return year < FIRST_YEAR || year > LAST_YEAR;
};

/**
 * Whether the ISO 8601 day or time `value` is on one of the days the product takes. One with an
 * offset (or Z) names an instant, taken when it is on one of those days somewhere: 31 December
 * 2200 at 10 pm in California is 2201 in UTC, and reads back in UTC (or on the company's clocks,
 * in an export) as a time that is taken again. One without is on the company's clocks: its day
 * is the day written.
 */
const isDateInRange = (value: string) => {
  const instant = isoInstant(value);
  if (instant === null) return false;
  if (isWithoutOffset(value)) {
    const year = Number(value.slice(0, 4));
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  }
  return instant.getTime() >= EARLIEST && instant.getTime() < AFTER_LATEST;
};

/** How the API reads a date and time, as its description says (OpenAPI). */
const DATE_TIME_READING =
  "An ISO 8601 date and time (2027-06-01T17:00:00Z, or with an offset): the instant it names. With no offset it is on the organization's clocks (its time zone): 2027-06-01T17:00 is 5 pm there, and a day alone (2027-06-01) is noon that day there.";

/**
 * A date and time sent as an ISO 8601 string on a day the calendar has, answering the field's
 * own `invalidMessage` otherwise (NUL included), and within those days (DATE_RANGE_MESSAGE). A
 * time with Z or an offset is the instant it names. One with no offset is a CompanyClockTime,
 * read on the clocks where the company is when it is written: a day sent alone (an API client's
 * 2026-12-10) noon of that day, as the grants import reads a day, so the calendar, the pages and
 * the reminders show the day sent; a time (2026-12-10T17:00) that time there.
 */
export const dateTimeSchema = (requiredMessage: string, invalidMessage = 'Invalid date format') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(isWrittenAsDate, { message: invalidMessage, abort: true })
    .refine(isDateInRange, DATE_RANGE_MESSAGE)
    .transform((value) => (isWithoutOffset(value) ? new CompanyClockTime(value) : new Date(value)))
    .describe(DATE_TIME_READING);

/**
 * An optional day (an award's date, the start or end of its period): a day (2027-01-01) or an ISO
 * 8601 time, whose calendar day as written is the day, within the days dateTimeSchema takes
 * (2027-01-01T00:00+01:00 is 1 January, though it is 31 December in UTC). Kept at noon UTC, as
 * the grants import keeps an award's days, so that it is the same day read anywhere. Empty or
 * null is null, so a form that clears the field clears the stored day; a field left out stays
 * left out (undefined), as optionalAmount's does, so a write can tell it from one cleared.
 */
export const optionalDay = (invalidMessage = 'Invalid date format') =>
  z
    .string({ error: invalidMessage })
    .trim()
    .refine((value) => value === '' || isWrittenAsDate(value), {
      message: invalidMessage,
      abort: true,
    })
    .refine((value) => value === '' || isDateInRange(value.slice(0, 10)), DATE_RANGE_MESSAGE)
    .transform((value) => (value === '' ? null : new Date(`${value.slice(0, 10)}T12:00:00.000Z`)))
    .nullish();

/** Largest id a row can have (PostgreSQL integer). */
export const ID_MAX = 2_147_483_647;

/** An enum whose missing value says `required` and whose unknown value says `invalid`. */
export const choice = <const T extends readonly [string, ...string[]]>(
  values: T,
  required: string,
  invalid: string,
) => z.enum(values, { error: (issue) => (isMissing(issue.input) ? required : invalid) });

/** The answer to work assigned to someone who is not a user of the company. */
export const ASSIGNEE_NOT_MEMBER = 'Assignee must be a member of your organization';

const INVALID_ASSIGNEE = 'Invalid assignee';

/**
 * Who a task or a requirement is assigned to: a user's id; null or '' (an emptied select) is
 * nobody. Whether the id is a member of the company is the server's to check, in the write's
 * transaction.
 */
export const assigneeIdSchema = z
  .union(
    [
      z.number().int(INVALID_ASSIGNEE).min(1, INVALID_ASSIGNEE).max(ID_MAX, INVALID_ASSIGNEE),
      z.literal(''),
      z.null(),
    ],
    { error: INVALID_ASSIGNEE },
  )
  .transform((value) => (value === '' ? null : value));

/**
 * An id sent as text (a path, a query): a positive integer in decimal digits, else 400 (never a
 * database error, and never another record read from `0x1`, ` 1` or `1e1`).
 */
export const idText = (message = 'Invalid id') =>
  storableString(message)
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .transform(Number)
    .pipe(z.number().max(ID_MAX, message));

const idParamSchema = idText();

export const idParams = z.object({ id: idParamSchema });
export const grantIdParams = z.object({ grantId: idParamSchema });
export const grantTaskParams = z.object({ grantId: idParamSchema, taskId: idParamSchema });
export const grantRequirementParams = z.object({
  grantId: idParamSchema,
  requirementId: idParamSchema,
});

/**
 * `?tz=`: the time zone whose days a list of due dates counts (the browser's own), spelled as
 * the IANA database has it now (Europe/Paris for europe/paris, Asia/Kolkata for Asia/Calcutta);
 * unknown zones are refused with 'Unknown time zone'.
 */
export const timeZoneQuery = () =>
  storableString('Time zone is required')
    .trim()
    .min(1, 'Time zone is required')
    .max(100, 'Unknown time zone')
    .transform((value, context) => {
      const zone = canonicalTimeZone(value);
      if (zone === undefined) context.addIssue({ code: 'custom', message: 'Unknown time zone' });
      return zone === undefined ? z.NEVER : currentTimeZoneName(zone);
    });
