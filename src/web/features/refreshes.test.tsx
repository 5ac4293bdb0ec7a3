import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { answeringUpload } from '../test/answering-upload.ts';
import { userKeys } from './auth/api/auth-api.ts';
import {
  companyKeys,
  useAddUser,
  useCancelInvitation,
  useChangeRole,
  useInvite,
  useRemoveUser,
  useUpdateCompanyProfile,
} from './company/api/company-api.ts';
import { useUploadContacts } from './contacts/api/contact-import-api.ts';
import { contactKeys, contactsApi } from './contacts/api/contacts-api.ts';
import { dashboardKeys } from './dashboard/api/dashboard-api.ts';
import { funderKeys } from './funders/api/funder-keys.ts';
import {
  useDeleteFunder,
  useMergeFunder,
  useUpdateFunder,
} from './funders/api/funder-mutations.ts';
import { useFunder } from './funders/api/funders-api.ts';
import { useUploadGrants } from './grants/api/grant-import-api.ts';
import { grantKeys, grantsApi, useBulkGrantStatus } from './grants/api/grants-api.ts';
import {
  useCreateRequirement,
  useDeleteRequirement,
  useGrantRequirements,
  useUpdateRequirement,
} from './grants/api/requirements-api.ts';
import {
  useBulkDeleteTasks,
  useBulkTaskAssignee,
  useBulkTaskStatus,
  useCreateTask,
  useUpdateTask,
} from './grants/api/task-changes.ts';
import { requirementKeys, taskKeys } from './grants/api/task-keys.ts';
import { useDeleteTask, useGrantTasks, useSetTaskStatus } from './grants/api/tasks-api.ts';
import { interactionKeys, interactionsApi } from './interactions/api/interactions-api.ts';
import { notificationKeys } from './notifications/api/notification-keys.ts';
import { useMarkRead } from './notifications/api/notifications-api.ts';
import {
  opportunitiesApi,
  opportunityKeys,
  useBulkOpportunityStage,
} from './opportunities/api/opportunities-api.ts';
import { useUpdateProfile } from './profile/api/profile-api.ts';

/*
 * What one screen shows of another feature's data, and the mutation that must refresh it. Each
 * case caches the queries a user would have on screen, runs the mutation as the dialogs do, and
 * checks those queries were marked stale (so the ones on screen fetch again). The network is a
 * stand-in answering 200: these tests are about the cache, the API has its own suite.
 */

/** The import sends its file with XMLHttpRequest (for its progress): a stand-in that answers 200. */
const AnsweringRequest = answeringUpload({ imported: 1, failed: 0, errors: [] });

type AnyMutation = () => { mutateAsync: (variables: never) => Promise<unknown> };

async function staleAfter(
  useHook: AnyMutation,
  variables: unknown,
  onScreen: readonly QueryKey[],
  options: { failsWith?: number } = {},
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(options.failsWith ? '{"message":"No"}' : '{}', {
          status: options.failsWith ?? 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const queryClient = createQueryClient();
  for (const key of onScreen) queryClient.setQueryData(key, { cached: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(useHook, { wrapper });
  await act(async () => {
    await result.current.mutateAsync(variables as never).catch(() => undefined);
  });
  return onScreen.filter((key) => !queryClient.getQueryState(key)?.isInvalidated);
}

/** A deadline deleted takes its reminders from the menu and the bell's count (migration 0034). */
const reminderScreens = {
  reminders: notificationKeys.list(),
  bell: notificationKeys.unread(),
};
const contact = { id: 7, input: { name: 'Ada Byron', email: 'ada@example.org' } };
/** A record's organization name adds a funder or changes its counts and its page. */
const funderScreens = {
  fundersList: funderKeys.list({ limit: 25 }),
  funderPage: funderKeys.one(11),
  funderOfName: funderKeys.named('Hope Trust'),
};
const newContactScreens = {
  ...funderScreens,
  dashboard: dashboardKeys.all,
  contactsList: contactKeys.list({ limit: 25, offset: 0 }),
  organizationNames: contactKeys.organizationNames('Commu'),
  contactChoices: contactKeys.choices('Ada'),
  organizationContacts: contactKeys.list({ organization: 'Hope Trust', limit: 10 }),
};
const contactScreens = {
  ...newContactScreens,
  contactPage: contactKeys.one(7),
  interactionsList: interactionKeys.list({ limit: 25 }),
  contactsInteractions: interactionKeys.list({ contactId: 7, limit: 10 }),
  interactionPage: interactionKeys.one(3),
};

const grant = {
  id: 4,
  input: { name: 'Arts fund', funder: 'Hope Trust', amount: 1, dueDate: '2027-01-01' },
};
const grantScreens = {
  ...funderScreens,
  organizationNames: contactKeys.organizationNames('Hope'),
  dashboard: dashboardKeys.all,
  tasksBoard: taskKeys.boardList({}),
  filteredTasksBoard: taskKeys.boardList({ grantId: 4, due: 'overdue', tz: 'UTC' }),
  grantsList: grantKeys.list({ limit: 25 }),
  pipeline: grantKeys.pipeline(),
  grantPage: grantKeys.one(4),
  grantPageTasks: taskKeys.ofGrant(4),
  grantPageRequirements: requirementKeys.ofGrant(4),
  funderGrants: grantKeys.list({ funder: 'Hope Trust', limit: 10 }),
};

const task = { grantId: 4, taskId: 9, input: { title: 'Write report', assigneeId: 7 } };
/** The task as a page shows it, at the version it was read at. */
const shownTask = { id: 9, grantId: 4, updatedAt: '2027-01-04T10:00:00.000Z' };
const taskScreens = {
  // An open task is one of the deadlines on its grant's funder's page.
  funderPage: funderKeys.one(11),
  grantPageTasks: taskKeys.ofGrant(4),
  tasksBoard: taskKeys.boardList({}),
  filteredTasksBoard: taskKeys.boardList({ q: 'report', due: 'this-week', tz: 'UTC' }),
  myTasksBoard: taskKeys.boardList({ assignee: 'me' }),
  // The dashboard lists the tasks due soon and the overdue ones, everyone's or one's own.
  dashboard: dashboardKeys.all,
  myDashboard: dashboardKeys.view({ assignee: 'me' }),
};
/** What shows a member's name on the tasks assigned to them. */
const assigneeScreens = {
  tasksBoard: taskKeys.boardList({}),
  myTasksBoard: taskKeys.boardList({ assignee: 'me' }),
  grantPageTasks: taskKeys.ofGrant(4),
  otherGrantPageTasks: taskKeys.ofGrant(5),
  dashboard: dashboardKeys.view({}),
  myDashboard: dashboardKeys.view({ assignee: 'me' }),
};

const requirement = { grantId: 4, requirementId: 6, input: { name: 'Interim report' } };
const requirementScreens = {
  grantPageRequirements: requirementKeys.ofGrant(4),
  // A pending requirement is one of the deadlines on its grant's funder's page.
  funderPage: funderKeys.one(11),
  // The dashboard lists the pending requirements due soon and the overdue ones.
  dashboard: dashboardKeys.all,
};

const cases: [string, AnyMutation, unknown, Record<string, QueryKey>][] = [
  ['adding a contact', contactsApi.useCreate, contact.input, newContactScreens],
  [
    'importing contacts',
    () => {
      vi.stubGlobal('XMLHttpRequest', AnsweringRequest);
      return useUploadContacts();
    },
    new File(['name,email\nAda,ada@example.org\n'], 'contacts.csv', { type: 'text/csv' }),
    newContactScreens,
  ],
  ['renaming a contact', contactsApi.useUpdate, contact, contactScreens],
  ['deleting a contact (and its interactions)', contactsApi.useDelete, 7, contactScreens],
  ['deleting chosen contacts at once', contactsApi.useBulkDelete, [7, 8], contactScreens],
  [
    'logging an interaction',
    interactionsApi.useCreate,
    { contactId: 7, type: 'call', date: '2026-11-20T10:00:00.000Z' },
    {
      dashboard: dashboardKeys.all,
      interactionsList: interactionKeys.list({}),
      contactsInteractions: interactionKeys.list({ contactId: 7, limit: 10 }),
      // A funder's page lists the latest interactions with its contacts.
      funderPage: funderKeys.one(11),
    },
  ],
  [
    'editing an interaction',
    interactionsApi.useUpdate,
    { id: 3, input: { notes: 'x' } },
    {
      dashboard: dashboardKeys.all,
      interactionPage: interactionKeys.one(3),
      funderPage: funderKeys.one(11),
    },
  ],
  [
    'deleting an interaction',
    interactionsApi.useDelete,
    3,
    {
      dashboard: dashboardKeys.all,
      interactionsList: interactionKeys.list({}),
      funderPage: funderKeys.one(11),
    },
  ],
  [
    'deleting chosen interactions at once',
    interactionsApi.useBulkDelete,
    [3, 5],
    {
      dashboard: dashboardKeys.all,
      contactsInteractions: interactionKeys.list({ contactId: 7 }),
      funderPage: funderKeys.one(11),
    },
  ],
  ['adding a grant', grantsApi.useCreate, grant.input, grantScreens],
  // A deadline moved or met, or a task or requirement given to another, takes its reminders away.
  [
    'changing a grant (its funder, name, deadline)',
    grantsApi.useUpdate,
    grant,
    { ...grantScreens, ...reminderScreens },
  ],
  [
    'deleting a grant (and its tasks)',
    grantsApi.useDelete,
    4,
    { ...grantScreens, ...reminderScreens },
  ],
  [
    'deleting chosen grants at once',
    grantsApi.useBulkDelete,
    [4, 5],
    { ...grantScreens, ...reminderScreens },
  ],
  [
    'setting the status of chosen grants at once',
    useBulkGrantStatus,
    { ids: [4, 5], status: 'awarded' },
    { ...grantScreens, ...reminderScreens },
  ],
  [
    'importing grants',
    () => {
      vi.stubGlobal('XMLHttpRequest', AnsweringRequest);
      return useUploadGrants();
    },
    new File(['name,funder\nArts fund,Hope Trust\n'], 'grants.csv', { type: 'text/csv' }),
    grantScreens,
  ],
  ['adding a task', useCreateTask, task, taskScreens],
  ['editing a task', useUpdateTask, task, { ...taskScreens, ...reminderScreens }],
  [
    'moving a task on the board',
    useSetTaskStatus,
    { task: shownTask, status: 'completed' },
    { ...taskScreens, ...reminderScreens },
  ],
  ['deleting a task', useDeleteTask, shownTask, { ...taskScreens, ...reminderScreens }],
  [
    'setting the status of chosen tasks at once',
    useBulkTaskStatus,
    { ids: [9, 10], status: 'done' },
    { ...taskScreens, ...reminderScreens, otherGrantPageTasks: taskKeys.ofGrant(5) },
  ],
  [
    'giving chosen tasks to a member at once',
    useBulkTaskAssignee,
    { ids: [9, 10], assigneeId: 7 },
    { ...taskScreens, ...reminderScreens, otherGrantPageTasks: taskKeys.ofGrant(5) },
  ],
  [
    'deleting chosen tasks at once',
    useBulkDeleteTasks,
    [9, 10],
    { ...taskScreens, ...reminderScreens, otherGrantPageTasks: taskKeys.ofGrant(5) },
  ],
  ['adding a requirement', useCreateRequirement, requirement, requirementScreens],
  [
    'delivering or editing a requirement',
    useUpdateRequirement,
    requirement,
    { ...requirementScreens, ...reminderScreens },
  ],
  [
    'deleting a requirement',
    useDeleteRequirement,
    requirement,
    { ...requirementScreens, ...reminderScreens },
  ],
  ...(
    [
      ['adding an opportunity', opportunitiesApi.useCreate, { name: 'Gala' }],
      ['changing an opportunity', opportunitiesApi.useUpdate, { id: 2, input: { name: 'Gala' } }],
      ['deleting an opportunity', opportunitiesApi.useDelete, 2],
      ['deleting chosen opportunities at once', opportunitiesApi.useBulkDelete, [2, 3]],
      [
        'setting the stage of chosen opportunities at once',
        useBulkOpportunityStage,
        { ids: [2, 3], stage: 'won' },
      ],
    ] as const
  ).map(([name, hook, variables]): [string, AnyMutation, unknown, Record<string, QueryKey>] => [
    name,
    hook,
    variables,
    {
      ...funderScreens,
      organizationNames: contactKeys.organizationNames(''),
      opportunitiesList: opportunityKeys.list({ limit: 25 }),
      pipeline: opportunityKeys.pipeline(),
      opportunityPage: opportunityKeys.one(2),
    },
  ]),
  ...(
    [
      // The funder's page that stays: the merged funder's is gone (funder-mutations.test.tsx).
      ['renaming a funder', useUpdateFunder, { id: 11, input: { name: 'Hope Foundation' } }, 11],
      ['merging a funder into another', useMergeFunder, { id: 11, intoId: 12 }, 12],
    ] as const
  ).map(
    ([name, hook, variables, page]): [string, AnyMutation, unknown, Record<string, QueryKey>] => [
      `${name} (every record that carries its name)`,
      hook,
      variables,
      {
        ...funderScreens,
        funderPage: funderKeys.one(page),
        grantsList: grantKeys.list({ limit: 25 }),
        grantPage: grantKeys.one(4),
        opportunityPage: opportunityKeys.one(2),
        contactPage: contactKeys.one(7),
        organizationContacts: contactKeys.list({ organization: 'Hope Trust', limit: 10 }),
        interactionPage: interactionKeys.one(3),
        dashboard: dashboardKeys.all,
      },
    ],
  ),
  [
    "renaming the company (the sidebar shows it from the user's record)",
    useUpdateCompanyProfile,
    { name: 'New name' },
    { profile: companyKeys.profile(), user: userKeys.current() },
  ],
  [
    'adding a user',
    useAddUser,
    { username: 'sam' },
    { team: companyKeys.team(), invitations: companyKeys.invitations() },
  ],
  [
    'removing a user (and the invitations they sent; their tasks are left unassigned)',
    useRemoveUser,
    5,
    {
      team: companyKeys.team(),
      invitations: companyKeys.invitations(),
      ...assigneeScreens,
      // Left to no one, at a new version.
      grantPageRequirements: requirementKeys.ofGrant(4),
      otherGrantPageRequirements: requirementKeys.ofGrant(5),
    },
  ],
  [
    "changing a member's role (one's own decides what the app offers, from the user's record)",
    useChangeRole,
    { id: 5, role: 'admin' },
    { team: companyKeys.team(), invitations: companyKeys.invitations(), user: userKeys.current() },
  ],
  [
    "changing one's own name or email (the sidebar, the team list and one's tasks show them)",
    useUpdateProfile,
    { name: 'Rosa L. Parks' },
    { user: userKeys.current(), team: companyKeys.team(), ...assigneeScreens },
  ],
  ['inviting', useInvite, { email: 'a@b.org' }, { invitations: companyKeys.invitations() }],
  ['cancelling an invitation', useCancelInvitation, 1, { invitations: companyKeys.invitations() }],
  [
    'reading a reminder (the bell counts the unread ones)',
    useMarkRead,
    3,
    { menu: notificationKeys.list(), bell: notificationKeys.unread() },
  ],
  [
    'reading every reminder',
    useMarkRead,
    undefined,
    { menu: notificationKeys.list(), bell: notificationKeys.unread() },
  ],
];

describe('what each change refreshes', () => {
  it.each(cases)('%s refreshes what shows it', async (_name, useHook, variables, screens) => {
    const missed = await staleAfter(useHook, variables, Object.values(screens));
    const names = Object.entries(screens)
      .filter(([, key]) => missed.includes(key))
      .map(([name]) => name);
    expect(names).toEqual([]);
  });

  it('a change that failed on the way (a lost answer, a 5xx) still refreshes: it may have landed', async () => {
    const missed = await staleAfter(
      useSetTaskStatus as AnyMutation,
      { task: shownTask, status: 'completed' },
      Object.values(taskScreens),
      { failsWith: 503 },
    );
    expect(missed).toEqual([]);
  });

  it('a change the server refused as it was sent (400, 401, 403) refreshes nothing: nothing changed', async () => {
    const screens = Object.values(contactScreens);
    for (const status of [400, 401, 403]) {
      const missed = await staleAfter(contactsApi.useUpdate, contact, screens, {
        failsWith: status,
      });
      expect(missed).toEqual(screens);
    }
  });

  it('a change refused for what someone else did (404 gone, 409 taken, 412 changed) refreshes: the screen is out of date', async () => {
    const screens = Object.values(contactScreens);
    for (const status of [404, 409, 412]) {
      const missed = await staleAfter(contactsApi.useUpdate, contact, screens, {
        failsWith: status,
      });
      expect(missed, String(status)).toEqual([]);
    }
  });

  it('a refresh covers only the data it names: renaming a contact leaves grants and the team alone', async () => {
    const untouched = [grantKeys.list({}), taskKeys.boardList({}), companyKeys.team()];
    const missed = await staleAfter(contactsApi.useUpdate, contact, untouched);
    expect(missed).toEqual(untouched);
  });

  /** A grant's page: the grant, its tasks and its requirements. */
  const grantPage = () => [grantsApi.useOne(7), useGrantTasks(7), useGrantRequirements(7)];
  it.each([
    ['a grant deleted from its page', grantPage, grantsApi.useDelete, { id: 7, version: 'v' }],
    ['a funder merged from its page', () => [useFunder(7)], useMergeFunder, { id: 7, intoId: 8 }],
    [
      'a funder deleted from its page',
      () => [useFunder(7)],
      useDeleteFunder,
      { id: 7, version: 'v' },
    ],
  ] as const)(
    '%s: its page is not fetched again, and is forgotten once left',
    async (_name, usePage, useChange, variables) => {
      const asked: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init?: RequestInit) => {
          asked.push(`${init?.method ?? 'GET'} ${url}`);
          return new Response('{"id":7,"items":[],"total":0}', {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        }),
      );
      const queryClient = createQueryClient();
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      );
      const page = renderHook(() => ({ shown: usePage(), change: useChange() }), { wrapper });
      await waitFor(() =>
        expect(page.result.current.shown.every((query) => query.isSuccess)).toBe(true),
      );
      asked.length = 0;
      await act(async () => {
        await page.result.current.change.mutateAsync(variables as never);
      });
      // Only the call itself: the page's queries (which would answer 404) were not asked again,
      // and still show what they showed until the page moves on.
      expect(asked.filter((request) => request.startsWith('GET'))).toEqual([]);
      expect(page.result.current.shown.every((query) => query.isSuccess)).toBe(true);
      page.unmount();
      // Once the code that forgets them has loaded (on the first deletion).
      await waitFor(
        () =>
          expect(
            queryClient
              .getQueryCache()
              .getAll()
              .map((query) => query.queryKey),
          ).toEqual([]),
        { timeout: 5_000 },
      );
    },
  );
});
