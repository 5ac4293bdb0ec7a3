// `npm run seed` fills a new demo organisation with realistic records and prints its sign-in.
// Sizes: `npm run seed -- --contacts 100000 --interactions 100000 --grants 10000 --opportunities 5000`.
// Uses the configured database (DATA_DIR or DATABASE_URL); stop the server on a DATA_DIR first.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { grantStatuses, taskCategories, taskStatuses } from '../src/domain/grants.ts';
import { interactionTypes } from '../src/domain/interactions.ts';
import { opportunityStages, stageProbabilities } from '../src/domain/opportunities.ts';
import { createUser } from '../src/server/accounts/users.ts';
import { parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import {
  companies,
  contacts,
  funders as funderRecords,
  grantRequirements,
  grants,
  grantTasks,
  interactions,
  opportunities,
} from '../src/server/db/schema.ts';
import { inCompany } from '../src/server/db/scope.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';
import { createRemindersRepository } from '../src/server/modules/reminders/reminders.repository.ts';

const { values } = parseArgs({
  options: {
    contacts: { type: 'string', default: '60' },
    interactions: { type: 'string', default: '150' },
    grants: { type: 'string', default: '15' },
    opportunities: { type: 'string', default: '10' },
  },
});
const size = (name: keyof typeof values) =>
  Math.max(0, Number.parseInt(values[name] ?? '0', 10) || 0);

const first = [
  'Ada',
  'Grace',
  'Alan',
  'Maya',
  'Rosa',
  'Nelson',
  'Ida',
  'Frida',
  'Omar',
  'Lena',
  'Kofi',
  'Priya',
  'Mateo',
  'Hana',
  'Tariq',
  'Zoe',
  'Luis',
  'Amara',
  'Chen',
  'Noor',
];
const last = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Angelou',
  'Parks',
  'Wells',
  'Kahlo',
  'Okafor',
  'Lake',
  'Mensah',
  'Patel',
  'Garcia',
  'Sato',
  'Haddad',
  'Novak',
  'Reyes',
  'Diallo',
  'Wang',
  'Khan',
  'Silva',
];
const funders = [
  'River Trust',
  'Hill Foundation',
  'Harvest Foundation',
  'Arts Council',
  'Lake Fund',
  'Community Chest',
  'Green Futures Fund',
  'Literacy Alliance',
  'Youth Forward',
  'Open Doors Trust',
];
const programs = [
  'Literacy for All',
  'Food Bank Expansion',
  'Youth Arts',
  'Parks Cleanup',
  'Digital Skills',
  'Safe Housing',
  'Clean Water',
  'After-School Tutoring',
  'Seniors Outreach',
  'Mobile Clinic',
];
const notes = [
  'Met at the spring gala.',
  'Prefers email.',
  'Interested in multi-year support.',
  'Asked for our annual report.',
  'Introduced by a board member.',
  'Follow up after the site visit.',
];

let seed = 42;
/** A small deterministic generator, so two runs make the same data. */
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

const config = parseConfig(process.env);
// Loading a large demo company is an offline job: its statements may run past the server's limit.
const database = await openDatabase(config.database, { ...config.limits, statementMs: 0 });
const db = database.db;
const username = `demo_${randomBytes(3).toString('hex')}`;
const password = `Demo-${randomBytes(4).toString('hex')}`;

// A new company and its admin are created before any company is known, as registration does.
const [company] = await db
  .insert(companies)
  .values({
    name: 'Riverbank Community Trust',
    industry: 'Community development',
    // Reminders count days in the trust's own time zone, a month ahead as well as the usual.
    timeZone: 'America/Chicago',
    reminderDays: [30, 14, 7, 1],
  })
  .returning({ id: companies.id });
if (!company) throw new Error('could not create the demo company');
const companyId = company.id;
// The admin, and two colleagues the work is shared with (they cannot sign in: random passwords).
const colleagues = ['Maya Grant Writer', 'Theo Program Lead'];
const team = await inCompany(db, companyId, async (tx) => {
  const members = [
    await createUser(tx, {
      companyId,
      username,
      passwordHash: await hashPassword(password, 'seed'),
      name: 'Demo Admin',
      email: 'demo@example.org',
      role: 'admin',
    }),
  ];
  for (const name of colleagues) {
    const first = name.split(' ')[0]?.toLowerCase();
    members.push(
      await createUser(tx, {
        companyId,
        username: `${first}_${randomBytes(3).toString('hex')}`,
        passwordHash: randomBytes(16).toString('hex'),
        name,
        email: `${first}@example.org`,
        role: 'user',
      }),
    );
  }
  return members;
});
// The program lead reads the dashboard on Mondays rather than a digest.
const programLead = team[colleagues.length];
if (programLead) {
  await createRemindersRepository(db).updatePreferences(companyId, programLead.id, {
    digest: false,
  });
}
const teamIds = team.map((member) => member.id);

async function inBatches<T>(
  total: number,
  make: (i: number) => T,
  insert: (rows: T[]) => Promise<unknown>,
) {
  for (let start = 0; start < total; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, total - start) }, (_, k) => make(start + k));
    await insert(rows);
  }
}

const contactIds: number[] = [];
await inBatches(
  size('contacts'),
  (i) => {
    const name = `${pick(first)} ${pick(last)}`;
    return {
      companyId,
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}.${i}@example.org`,
      phone: `555-${String(1000 + (i % 9000)).padStart(4, '0')}`,
      organization: pick(funders),
      notes: random() < 0.4 ? pick(notes) : null,
    };
  },
  async (rows) => {
    const ids = await inCompany(db, companyId, (tx) =>
      tx.insert(contacts).values(rows).returning({ id: contacts.id }),
    );
    contactIds.push(...ids.map((r) => r.id));
  },
);

if (contactIds.length > 0) {
  await inBatches(
    size('interactions'),
    () => ({
      companyId,
      contactId: pick(contactIds),
      type: pick(interactionTypes),
      notes: pick(notes),
      date: daysFromNow(-Math.floor(random() * 365)),
    }),
    (rows) => inCompany(db, companyId, (tx) => tx.insert(interactions).values(rows)),
  );
}

const grantIds: number[] = [];
const awardedIds: number[] = [];
await inBatches(
  size('grants'),
  () => {
    const status = pick(grantStatuses);
    const amount = Math.round(random() * 200) * 500;
    const dueDate = daysFromNow(Math.floor(random() * 240) - 60);
    // An award: most of what was asked for, decided a month after the deadline, for a year.
    const awardedDate = new Date(dueDate.getTime() + 30 * 86_400_000);
    const award =
      status === 'awarded'
        ? {
            awardedAmount: Math.round((amount * (0.7 + random() * 0.3)) / 500) * 500,
            awardedDate,
            periodStart: new Date(awardedDate.getTime() + 15 * 86_400_000),
            periodEnd: new Date(awardedDate.getTime() + 380 * 86_400_000),
          }
        : {};
    return {
      companyId,
      name: `${pick(programs)} ${2026 + Math.floor(random() * 3)}`,
      funder: pick(funders),
      amount,
      dueDate,
      status,
      notes: random() < 0.5 ? pick(notes) : null,
      ...award,
    };
  },
  async (rows) => {
    const ids = await inCompany(db, companyId, (tx) =>
      tx.insert(grants).values(rows).returning({ id: grants.id, status: grants.status }),
    );
    grantIds.push(...ids.map((r) => r.id));
    awardedIds.push(...ids.filter((r) => r.status === 'awarded').map((r) => r.id));
  },
);

// What the funders ask for: a letter or an application before the decision, reports after it.
await inBatches(
  grantIds.length,
  (i) => {
    const grantId = grantIds[i] as number;
    const awarded = awardedIds.includes(grantId);
    const [name, type] = awarded
      ? pick([
          ['Interim report', 'interim_report'],
          ['Final report', 'final_report'],
          ['Site visit', 'site_visit'],
        ] as const)
      : pick([
          ['Letter of inquiry', 'letter_of_inquiry'],
          ['Full application', 'application'],
          ['Project budget', 'budget'],
        ] as const);
    return {
      companyId,
      grantId,
      name,
      type,
      dueDate: daysFromNow(Math.floor(random() * 120) - 20),
      status: pick(['pending', 'pending', 'submitted', 'accepted'] as const),
      assigneeId: random() < 0.7 ? pick(teamIds) : null,
    };
  },
  (rows) => inCompany(db, companyId, (tx) => tx.insert(grantRequirements).values(rows)),
);

await inBatches(
  grantIds.length * 2,
  (i) => ({
    companyId,
    grantId: grantIds[Math.floor(i / 2)] as number,
    name: pick([
      'Draft budget',
      'Write narrative',
      'Gather letters',
      'Call program officer',
      'Submit application',
    ]),
    description: pick(notes),
    category: pick(taskCategories),
    dueDate: daysFromNow(Math.floor(random() * 90)),
    status: pick(taskStatuses),
    assigneeId: random() < 0.6 ? pick(teamIds) : null,
  }),
  (rows) => inCompany(db, companyId, (tx) => tx.insert(grantTasks).values(rows)),
);

await inBatches(
  size('opportunities'),
  () => {
    const stage = pick(opportunityStages);
    return {
      companyId,
      name: `${pick(programs)} partnership`,
      organization: pick(funders),
      amount: Math.round(random() * 100) * 1000,
      stage,
      probability: stageProbabilities[stage],
      expectedCloseDate: daysFromNow(Math.floor(random() * 180)),
      notes: null,
    };
  },
  (rows) => inCompany(db, companyId, (tx) => tx.insert(opportunities).values(rows)),
);

// The names above made their funders; each gets a kind, a website and what the team knows of
// it, as a team would add.
const funderFacts = {
  'River Trust': [
    'foundation',
    'Funds literacy and libraries; two cycles a year, spring and fall.',
  ],
  'Hill Foundation': [
    'foundation',
    'Prefers a call with the program officer before a letter of inquiry.',
  ],
  'Harvest Foundation': ['foundation', 'Food security only; asks for outcomes by zip code.'],
  'Arts Council': ['government', 'State agency: reports through its own portal, quarterly.'],
  'Lake Fund': ['individual', 'A family fund; the trustees meet in March.'],
  'Community Chest': ['other', 'Small operating grants; a short form and a budget.'],
  'Green Futures Fund': ['corporate', 'Employee volunteering is part of every award.'],
  'Literacy Alliance': ['other', 'A network of funders: one application reaches five of them.'],
  'Youth Forward': ['corporate', 'Funds programs for ages 14 to 24; site visit before a decision.'],
  'Open Doors Trust': ['foundation', 'Multi-year awards; an interim report each January.'],
} as const;
await inCompany(db, companyId, async (tx) => {
  for (const [name, [type, notes]] of Object.entries(funderFacts)) {
    const slug = name.toLowerCase().replaceAll(' ', '');
    await tx
      .update(funderRecords)
      .set({ type, website: `https://${slug}.example.org`, notes })
      .where(and(eq(funderRecords.companyId, companyId), eq(funderRecords.name, name)));
  }
});

await database.close();
console.log(
  `Seeded "Riverbank Community Trust": ${contactIds.length} contacts, ${size('interactions')} interactions, ${grantIds.length} grants, ${size('opportunities')} opportunities.`,
);
console.log(`Sign in as ${username} with password ${password}`);
