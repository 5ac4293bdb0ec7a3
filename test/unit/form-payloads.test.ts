import { describe, expect, it } from 'vitest';
import { companyProfilePatchSchema } from '../../src/domain/company.ts';
import { contactInputSchema, contactPatchSchema } from '../../src/domain/contacts.ts';
import {
  type ContactFormValues,
  companyProfilePayload,
  contactPayload,
  fromLocalInput,
  funderPayload,
  type GrantFormValues,
  grantPayload,
  type InteractionFormValues,
  interactionPayload,
  type OpportunityFormValues,
  opportunityPayload,
  optionalFields,
  parseAmount,
  type RequirementFormValues,
  reminderDaysPayload,
  reminderSettingsPayload,
  requirementPayload,
  type TaskFormValues,
  taskPayload,
  toDayInput,
  toLocalInput,
} from '../../src/domain/form-payloads.ts';
import { funderPatchSchema } from '../../src/domain/funders.ts';
import {
  grantInputSchema,
  grantPatchSchema,
  taskInputSchema,
  taskPatchSchema,
} from '../../src/domain/grants.ts';
import { interactionInputSchema } from '../../src/domain/interactions.ts';
import { opportunityInputSchema, opportunityPatchSchema } from '../../src/domain/opportunities.ts';
import { reminderSettingsPatchSchema } from '../../src/domain/reminders.ts';
import { requirementInputSchema, requirementPatchSchema } from '../../src/domain/requirements.ts';
import { formatDay } from '../../src/web/lib/format.ts';

/** A datetime-local value and the instant it means here (the tests run in any time zone). */
const LOCAL = '2026-03-14T09:30';
const ISO = new Date(LOCAL).toISOString();

describe('optionalFields', () => {
  const values = { phone: '555-0101', organization: '', notes: '   ' };

  it('leaves empty optionals out of a new record (SPEC §2.7)', () => {
    expect(optionalFields(values, false)).toEqual({ phone: '555-0101' });
  });

  it('sends null for an emptied optional in an edit, so the server clears it', () => {
    expect(optionalFields(values, true)).toEqual({
      phone: '555-0101',
      organization: null,
      notes: null,
    });
  });
});

describe('parseAmount', () => {
  it('takes whole dollars from a number or a typed text; anything else is 0', () => {
    expect(parseAmount(1234)).toBe(1234);
    expect(parseAmount(99.9)).toBe(99);
    expect(parseAmount('2500')).toBe(2500);
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('abc')).toBe(0);
  });
});

describe('datetime-local values', () => {
  it('turns the input value into ISO 8601 and back', () => {
    expect(fromLocalInput(LOCAL)).toBe(ISO);
    expect(toLocalInput(ISO)).toBe(LOCAL);
    expect(toLocalInput(new Date(ISO))).toBe(LOCAL);
  });

  it('takes the first and the last day typed anywhere, made and edited again, and not the days beyond', () => {
    const closing: OpportunityFormValues = {
      name: 'Endowment',
      organization: 'Harbor Fund',
      amount: 1000,
      stage: 'prospecting',
      probability: '',
      expectedCloseDate: '',
      notes: '',
    };
    const taken = (typed: string, was?: string) =>
      opportunityInputSchema.safeParse(
        opportunityPayload(
          { ...closing, expectedCloseDate: typed },
          was ? { editing: true, was: { expectedCloseDate: was } } : { editing: false },
        ),
      ).success;
    const zone = process.env.TZ;
    try {
      // West and east of UTC, and where 1900 began on local mean time (Kolkata, Paris).
      for (const timeZone of [
        'America/Los_Angeles',
        'Pacific/Pago_Pago',
        'Asia/Tokyo',
        'Pacific/Kiritimati',
        'Asia/Kolkata',
        'Europe/Paris',
      ]) {
        process.env.TZ = timeZone;
        for (const typed of ['1900-01-01T00:00', '2200-12-31T23:59']) {
          expect(taken(typed), `${timeZone} ${typed}`).toBe(true);
          // Stored, it reads back in UTC; an edit that leaves the field sends that back.
          const stored = fromLocalInput(typed);
          expect(toLocalInput(stored), `${timeZone} ${typed}`).toBe(typed);
          expect(taken(typed, stored), `${timeZone} ${typed}, edited`).toBe(true);
        }
        // The day before or after may be taken where it is then 1900 or 2200 somewhere else
        // (1 January 1900 began 14 hours ahead of UTC); the day beyond that, nowhere.
        for (const typed of ['1899-12-30T00:00', '2201-01-02T23:59']) {
          expect(taken(typed), `${timeZone} ${typed}`).toBe(false);
        }
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('keeps an empty value empty and sends text that is no date as typed', () => {
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('soon')).toBe('soon');
  });
});

describe('a date and time the form did not change', () => {
  // Saved by the API or an import to the millisecond; the input shows it to the minute.
  const stored = new Date(new Date(LOCAL).getTime() + 42_405).toISOString();
  const shown = toLocalInput(stored);
  const grantValues = (): GrantFormValues => ({
    name: 'Library fund',
    funder: 'City Trust',
    amount: '25000',
    dueDate: shown,
    status: 'submitted',
    documentUrl: '',
    notes: '',
    awardedAmount: '',
    awardedDate: '',
    periodStart: '',
    periodEnd: '',
  });
  const opportunityValues = (): OpportunityFormValues => ({
    name: 'Annual gift',
    organization: 'Riverside Foundation',
    amount: 12000,
    stage: 'proposal',
    probability: 40,
    expectedCloseDate: shown,
    notes: '',
  });
  const interactionValues = (): InteractionFormValues => ({
    contactId: '7',
    type: 'call',
    notes: 'Talked budgets',
    date: shown,
  });
  const taskValues = (): TaskFormValues => ({
    grantId: '3',
    name: 'Draft budget',
    description: 'Line items',
    category: 'proposal',
    dueDate: shown,
    status: 'pending',
    assigneeId: null,
  });
  const requirementValues = (): RequirementFormValues => ({
    name: 'Interim report',
    type: 'interim_report',
    dueDate: shown,
    status: 'pending',
    assigneeId: null,
    notes: '',
  });

  it('is sent as it was stored, by every form with one', () => {
    const grant = { ...grantValues(), dueDate: shown };
    expect(grantPayload(grant, { editing: true, was: { dueDate: stored } }).dueDate).toBe(stored);
    const opportunity = { ...opportunityValues(), expectedCloseDate: shown };
    expect(
      opportunityPayload(opportunity, { editing: true, was: { expectedCloseDate: stored } })
        .expectedCloseDate,
    ).toBe(stored);
    expect(interactionPayload({ ...interactionValues(), date: shown }, { date: stored }).date).toBe(
      stored,
    );
    expect(taskPayload({ ...taskValues(), dueDate: shown }, { dueDate: stored }).dueDate).toBe(
      stored,
    );
    const requirement = { ...requirementValues(), dueDate: shown };
    expect(
      requirementPayload(requirement, { editing: true, was: { dueDate: stored } }).dueDate,
    ).toBe(stored);
  });

  it('is sent as the input shows it once changed, and when new', () => {
    const changed = '2026-03-15T09:30';
    const grant = { ...grantValues(), dueDate: changed };
    expect(grantPayload(grant, { editing: true, was: { dueDate: stored } }).dueDate).toBe(
      new Date(changed).toISOString(),
    );
    expect(grantPayload({ ...grantValues(), dueDate: shown }, { editing: false }).dueDate).toBe(
      new Date(shown).toISOString(),
    );
  });
});

describe('contactPayload', () => {
  const filled: ContactFormValues = {
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    phone: '555-0101',
    organization: 'Analytical Society',
    notes: 'Met at the gala',
  };
  const cleared: ContactFormValues = { ...filled, phone: '', organization: ' ', notes: '' };

  it('sends every filled field', () => {
    expect(contactPayload(filled, { editing: false })).toEqual(filled);
    expect(contactPayload(filled, { editing: true })).toEqual(filled);
  });

  it('leaves empty optional fields out of a new contact', () => {
    const payload = contactPayload(cleared, { editing: false });
    expect(payload).toEqual({ name: 'Ada Lovelace', email: 'ada@example.org' });
    expect(contactInputSchema.safeParse(payload).success).toBe(true);
  });

  it('sends a field cleared in an edit as null, so the server clears it', () => {
    const payload = contactPayload(cleared, { editing: true });
    expect(payload).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      phone: null,
      organization: null,
      notes: null,
    });
    expect(contactPatchSchema.parse(payload)).toMatchObject({
      phone: null,
      organization: null,
      notes: null,
    });
  });
});

describe('grantPayload', () => {
  const filled: GrantFormValues = {
    name: 'Library fund',
    funder: 'City Trust',
    amount: '25000',
    dueDate: LOCAL,
    status: 'submitted',
    documentUrl: 'https://example.org/call.pdf',
    notes: 'Second round',
    awardedAmount: '20000',
    awardedDate: '2026-09-01',
    periodStart: '2026-10-01',
    periodEnd: '2027-09-30',
  };
  const cleared: GrantFormValues = {
    ...filled,
    documentUrl: '',
    notes: '  ',
    awardedAmount: '',
    awardedDate: '',
    periodStart: '',
    periodEnd: '',
  };
  it('sends whole dollars, an ISO due date and the filled optional fields', () => {
    expect(grantPayload(filled, { editing: false })).toEqual({
      ...filled,
      amount: 25000,
      dueDate: ISO,
      awardedAmount: 20000,
      // The days as the date inputs give them: the server keeps each at noon UTC.
      awardedDate: '2026-09-01',
      periodStart: '2026-10-01',
      periodEnd: '2027-09-30',
    });
    expect(toDayInput(null)).toBe('');
  });

  it('keeps an award’s days the days they were, saved and read in any time zone', () => {
    const zoneBefore = process.env.TZ;
    try {
      for (const savedIn of ['Pacific/Auckland', 'Europe/Berlin', 'America/Los_Angeles']) {
        process.env.TZ = savedIn;
        const stored = grantInputSchema.parse(grantPayload(filled, { editing: false }));
        const answered = {
          awardedDate: stored.awardedDate?.toISOString() ?? null,
          periodStart: stored.periodStart?.toISOString() ?? null,
          periodEnd: stored.periodEnd?.toISOString() ?? null,
        };
        for (const readIn of ['Pacific/Kiritimati', 'Asia/Kolkata', 'UTC', 'Pacific/Pago_Pago']) {
          process.env.TZ = readIn;
          const where = `saved in ${savedIn}, read in ${readIn}`;
          expect(toDayInput(answered.awardedDate), where).toBe('2026-09-01');
          expect(toDayInput(answered.periodStart), where).toBe('2026-10-01');
          expect(toDayInput(answered.periodEnd), where).toBe('2027-09-30');
          expect(formatDay(answered.periodEnd ?? ''), where).toBe('September 30, 2027');
        }
      }
    } finally {
      process.env.TZ = zoneBefore;
    }
  });

  it('takes a day sent as a time by the day it names where it was written', () => {
    const sent = { ...filled, amount: 1, awardedAmount: 1, dueDate: ISO };
    const parsed = grantInputSchema.parse({
      ...sent,
      awardedDate: '2027-01-01T00:00:00+01:00',
      periodStart: '2027-01-01T23:30:00-08:00',
      periodEnd: '2027-12-31',
    });
    expect(parsed.awardedDate?.toISOString()).toBe('2027-01-01T12:00:00.000Z');
    expect(parsed.periodStart?.toISOString()).toBe('2027-01-01T12:00:00.000Z');
    expect(parsed.periodEnd?.toISOString()).toBe('2027-12-31T12:00:00.000Z');
    // The first and the last day taken, written where that day is: the day decides.
    const edges = grantInputSchema.parse({
      ...sent,
      periodStart: '1900-01-01T00:00:00+01:00',
      periodEnd: '2200-12-31T23:00:00-05:00',
    });
    expect(edges.periodStart?.toISOString()).toBe('1900-01-01T12:00:00.000Z');
    expect(edges.periodEnd?.toISOString()).toBe('2200-12-31T12:00:00.000Z');
    for (const outside of ['1899-12-31', '2201-01-01T00:00:00+05:00', '2027-02-30']) {
      expect(grantInputSchema.safeParse({ ...sent, periodStart: outside }).success, outside).toBe(
        false,
      );
    }
  });

  it('leaves an empty document URL, notes and award out of a new grant', () => {
    const payload = grantPayload(cleared, { editing: false });
    for (const field of ['documentUrl', 'notes', 'awardedAmount', 'awardedDate', 'periodEnd']) {
      expect(payload).not.toHaveProperty(field);
    }
    expect(grantInputSchema.safeParse(payload).success).toBe(true);
  });

  it('leaves an award it filled in to the server, unless the award has a date', () => {
    const prefilled = { ...cleared, status: 'awarded', awardedAmount: 25000 };
    for (const editing of [false, true]) {
      const payload = grantPayload(prefilled, { editing, awardFilledIn: true });
      expect(payload).not.toHaveProperty('awardedAmount');
      expect(payload).not.toHaveProperty('awardedDate');
    }
    // A date given, or one stored that the edit clears: the award is sent as the user sees it.
    const dated = { ...prefilled, awardedDate: '2026-09-01' };
    expect(grantPayload(dated, { editing: true, awardFilledIn: true })).toMatchObject({
      awardedAmount: 25000,
      awardedDate: '2026-09-01',
    });
    const was = { dueDate: ISO, awardedDate: '2026-09-01T12:00:00.000Z' };
    expect(grantPayload(prefilled, { editing: true, was, awardFilledIn: true })).toMatchObject({
      awardedAmount: 25000,
      awardedDate: null,
    });
  });

  it('sends a document URL, notes and an award cleared in an edit as null', () => {
    const payload = grantPayload(cleared, { editing: true });
    const nulls = {
      documentUrl: null,
      notes: null,
      awardedAmount: null,
      awardedDate: null,
      periodStart: null,
      periodEnd: null,
    };
    expect(payload).toMatchObject(nulls);
    expect(grantPatchSchema.parse(payload)).toMatchObject(nulls);
  });
});

describe('opportunityPayload', () => {
  const filled: OpportunityFormValues = {
    name: 'Annual gift',
    organization: 'Riverside Foundation',
    amount: 12000,
    stage: 'proposal',
    probability: 40,
    expectedCloseDate: LOCAL,
    notes: 'Board meets in May',
  };
  const cleared: OpportunityFormValues = { ...filled, probability: '', notes: '' };

  it('sends whole dollars, the probability and an ISO close date', () => {
    expect(opportunityPayload(filled, { editing: false })).toEqual({
      ...filled,
      expectedCloseDate: ISO,
    });
  });

  it('leaves empty notes out of a new opportunity; an emptied probability is null', () => {
    const payload = opportunityPayload(cleared, { editing: false });
    expect(payload).not.toHaveProperty('notes');
    expect(payload.probability).toBeNull();
    expect(opportunityInputSchema.safeParse(payload).success).toBe(true);
  });

  it('sends notes and probability cleared in an edit as null', () => {
    const payload = opportunityPayload(cleared, { editing: true });
    expect(payload).toMatchObject({ notes: null, probability: null });
    expect(opportunityPatchSchema.parse(payload)).toMatchObject({ notes: null, probability: null });
  });
});

describe('interactionPayload', () => {
  const filled: InteractionFormValues = {
    contactId: '7',
    type: 'call',
    notes: 'Talked budgets',
    date: LOCAL,
  };

  it('sends the chosen contact as a number and the date as ISO', () => {
    const payload = interactionPayload(filled);
    expect(payload).toEqual({ contactId: 7, type: 'call', notes: 'Talked budgets', date: ISO });
    expect(interactionInputSchema.safeParse(payload).success).toBe(true);
  });

  it('leaves out an unchosen contact and type, so the schema says they are required', () => {
    const payload = interactionPayload({ ...filled, contactId: null, type: null });
    expect(payload.contactId).toBeUndefined();
    expect(payload.type).toBeUndefined();
    const result = interactionInputSchema.safeParse(payload);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Contact is required',
      'Type is required',
    ]);
  });

  it('sends notes cleared in an edit as they are, so the schema refuses them', () => {
    const payload = interactionPayload({ ...filled, notes: '' });
    expect(payload.notes).toBe('');
    expect(interactionInputSchema.safeParse(payload).error?.issues[0]?.message).toBe(
      'Notes are required',
    );
  });
});

describe('taskPayload', () => {
  const filled: TaskFormValues = {
    grantId: '3',
    name: 'Draft budget',
    description: 'Line items for year one',
    category: 'proposal',
    dueDate: LOCAL,
    status: 'in-progress',
    assigneeId: '12',
  };

  it('sends the task fields with an ISO due date, not the grant (it goes in the URL)', () => {
    const payload = taskPayload(filled);
    expect(payload).toEqual({
      name: 'Draft budget',
      description: 'Line items for year one',
      category: 'proposal',
      dueDate: ISO,
      status: 'in-progress',
      assigneeId: 12,
    });
    expect(taskInputSchema.safeParse(payload).success).toBe(true);
  });

  it('sends a cleared assignee as null, so an edit unassigns the task', () => {
    const payload = taskPayload({ ...filled, assigneeId: null });
    expect(payload).toHaveProperty('assigneeId', null);
    expect(taskPatchSchema.parse(payload).assigneeId).toBeNull();
    expect(taskPayload({ ...filled, assigneeId: '' })).toHaveProperty('assigneeId', null);
  });

  it('sends a description cleared in an edit as it is, so the schema refuses it', () => {
    const payload = taskPayload({ ...filled, description: '', category: null });
    expect(payload.description).toBe('');
    expect(payload.category).toBeUndefined();
    expect(taskInputSchema.safeParse(payload).error?.issues.map((i) => i.message)).toEqual([
      'Task description is required',
      'Category is required',
    ]);
  });
});

describe('companyProfilePayload', () => {
  const shown = {
    name: 'Grantwell Org',
    industry: 'Health',
    website: 'https://old.example.org',
    address: '1 Main St',
  };

  it('sends a field cleared on the profile as null', () => {
    const payload = companyProfilePayload(
      { name: 'Grantwell Org', industry: '', website: 'https://example.org', address: ' ' },
      shown,
    );
    expect(payload).toEqual({ industry: null, website: 'https://example.org', address: null });
    expect(companyProfilePatchSchema.parse(payload)).toMatchObject({
      industry: null,
      address: null,
    });
  });

  it('leaves out the fields not changed from those shown, which another admin may have saved meanwhile', () => {
    expect(companyProfilePayload({ ...shown, address: '2 High St' }, shown)).toEqual({
      address: '2 High St',
    });
    expect(companyProfilePayload({ ...shown, name: 'Renamed' }, shown)).toEqual({
      name: 'Renamed',
    });
    expect(companyProfilePayload(shown, shown)).toEqual({});
  });
});

describe('requirementPayload', () => {
  const filled: RequirementFormValues = {
    name: 'Interim report',
    type: 'interim_report',
    dueDate: LOCAL,
    status: 'pending',
    assigneeId: '12',
    notes: 'Figures from the spring term',
  };

  it('sends the fields with an ISO due date and the assignee as a number', () => {
    const payload = requirementPayload(filled, { editing: false });
    expect(payload).toEqual({
      name: 'Interim report',
      type: 'interim_report',
      dueDate: ISO,
      status: 'pending',
      assigneeId: 12,
      notes: 'Figures from the spring term',
    });
    expect(requirementInputSchema.safeParse(payload).success).toBe(true);
  });

  it('leaves out an unchosen assignee and empty notes of a new requirement', () => {
    const payload = requirementPayload(
      { ...filled, assigneeId: null, notes: ' ' },
      { editing: false },
    );
    expect(payload).not.toHaveProperty('assigneeId');
    expect(payload).not.toHaveProperty('notes');
  });

  it('sends an assignee and notes cleared in an edit as null, so the server clears them', () => {
    const payload = requirementPayload({ ...filled, assigneeId: '', notes: '' }, { editing: true });
    expect(payload).toMatchObject({ assigneeId: null, notes: null });
    expect(requirementPatchSchema.parse(payload)).toMatchObject({ assigneeId: null, notes: null });
  });

  it('leaves out an unchosen type, so the schema says it is required', () => {
    const payload = requirementPayload({ ...filled, type: null }, { editing: false });
    expect(payload.type).toBeUndefined();
    expect(requirementInputSchema.safeParse(payload).error?.issues.map((i) => i.message)).toEqual([
      'Type is required',
    ]);
  });
});

describe('funderPayload', () => {
  it('sends a website or notes cleared on the funder as null, so the server clears them', () => {
    const payload = funderPayload({ name: 'Hope Trust', type: null, website: ' ', notes: '' });
    expect(payload).toEqual({ name: 'Hope Trust', type: null, website: null, notes: null });
    expect(funderPatchSchema.parse(payload)).toEqual(payload);
  });

  it('sends what is filled', () => {
    const filled = {
      name: 'Hope Trust',
      type: 'foundation',
      website: 'https://hope.example.org',
      notes: 'Rolling deadlines',
    } as const;
    const payload = funderPayload(filled);
    expect(payload).toEqual(filled);
    expect(funderPatchSchema.parse(payload)).toEqual(filled);
  });
});

describe('reminderDaysPayload', () => {
  it('reads the days as typed, in any spacing', () => {
    expect(reminderDaysPayload('14, 7,1 ,0')).toEqual({ days: [14, 7, 1, 0] });
    expect(reminderDaysPayload('365')).toEqual({ days: [365] });
  });

  it('takes nothing typed as no days: overdue notices only', () => {
    expect(reminderDaysPayload(' , ')).toEqual({ days: [] });
    expect(reminderSettingsPatchSchema.parse({ reminderDays: [] }).reminderDays).toEqual([]);
  });

  it('says what is wrong with a day that is not a whole number from 0 to 365', () => {
    for (const text of ['366', '-1', '1.5', 'seven', '7 days', '1e2', '0x10']) {
      expect(reminderDaysPayload(text), text).toEqual({
        error: 'Enter whole numbers of days from 0 to 365, separated by commas',
      });
    }
  });

  it('says first what is wrong with a day, then that there are too many', () => {
    expect(reminderDaysPayload('11,10,9,8,7,6,5,4,3,2,x')).toEqual({
      error: 'Enter whole numbers of days from 0 to 365, separated by commas',
    });
  });

  it('takes at most ten days', () => {
    expect(reminderDaysPayload('10,9,8,7,6,5,4,3,2,1')).toEqual({
      days: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
    });
    expect(reminderDaysPayload('11,10,9,8,7,6,5,4,3,2,1')).toEqual({
      error: 'At most 10 reminder days',
    });
    // A day typed twice is one day.
    expect(reminderDaysPayload('7, 7, 10,9,8,7,6,5,4,3,2,1')).toEqual({
      days: [7, 10, 9, 8, 6, 5, 4, 3, 2, 1],
    });
  });
});

describe('reminderSettingsPayload', () => {
  const shown = { timeZone: 'UTC', days: '14, 7, 1' };

  it('sends only the settings changed from those shown, which another admin may have saved meanwhile', () => {
    expect(reminderSettingsPayload({ ...shown, days: '30,10' }, shown)).toEqual({
      reminderDays: [30, 10],
    });
    expect(reminderSettingsPayload({ ...shown, timeZone: 'Europe/London' }, shown)).toEqual({
      timeZone: 'Europe/London',
    });
    expect(reminderSettingsPayload({ timeZone: 'Asia/Tokyo', days: '' }, shown)).toEqual({
      timeZone: 'Asia/Tokyo',
      reminderDays: [],
    });
    expect(reminderSettingsPayload(shown, shown)).toEqual({});
  });

  it('says what is wrong with days changed, and nothing of days left as shown', () => {
    expect(reminderSettingsPayload({ ...shown, days: '400' }, shown)).toEqual({
      error: 'Enter whole numbers of days from 0 to 365, separated by commas',
    });
    const oddlyShown = { timeZone: 'UTC', days: '7, x' };
    expect(reminderSettingsPayload({ ...oddlyShown, timeZone: 'Asia/Tokyo' }, oddlyShown)).toEqual({
      timeZone: 'Asia/Tokyo',
    });
  });
});
