import { Center, Loader, Tabs } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { leaveAsked } from '../../components/open-dialogs.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { choiceParam, useUrlFilters } from '../../lib/url-filters.ts';
import { useIsAdmin } from '../auth/api/auth-api.ts';
import { ProfileTab } from './components/profile-tab.tsx';

// The second tab (its table, menus and dialogs) loads when it is opened.
const UsersTab = lazy(() =>
  import('./components/users-tab.tsx').then((m) => ({ default: m.UsersTab })),
);

const RemindersTab = lazy(() =>
  import('./components/reminders-tab.tsx').then((m) => ({ default: m.RemindersTab })),
);

const TABS = ['profile', 'users', 'reminders'] as const;

/** The tab shown, kept in the address (`/organization?tab=users`): a reload or a link opens it. */
const readTab = (params: URLSearchParams) => ({ tab: choiceParam(params, 'tab', TABS) });

export default function CompanyPage() {
  useDocumentTitle('Organization');
  const isAdmin = useIsAdmin();
  const [{ tab = 'profile' }, setTab] = useUrlFilters(readTab);
  return (
    <>
      <PageHeader title="Organization" />
      <Tabs
        value={tab}
        // A tab's form with changes not saved asks before they go with it.
        onChange={(next) => {
          // The tab shown, chosen again, is no move.
          if (next === tab) return;
          leaveAsked(() => setTab({ tab: next === 'profile' ? undefined : (next ?? undefined) }));
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="profile">Organization Profile</Tabs.Tab>
          <Tabs.Tab value="users">Users &amp; Permissions</Tabs.Tab>
          <Tabs.Tab value="reminders">Reminders</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileTab isAdmin={isAdmin} />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label="Loading users" />
              </Center>
            }
          >
            <UsersTab isAdmin={isAdmin} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="reminders">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader aria-label="Loading reminder settings" />
              </Center>
            }
          >
            <RemindersTab isAdmin={isAdmin} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
