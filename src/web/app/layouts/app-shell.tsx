import { AppShell, Burger, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconBriefcase,
  IconBuildingBank,
  IconBuildingCommunity,
  IconChartBar,
  IconCoin,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconLogout,
  IconMessages,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { type FocusEvent, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigationType } from 'react-router';
import { Brand } from '../../components/brand.tsx';
import { ConfirmationHost } from '../../components/confirm.tsx';
import { leaveAsked } from '../../components/open-dialogs.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { focusMain, focusMainIfLost, MAIN_CONTENT } from '../../components/skip-link.tsx';
import { useAuth } from '../../features/auth/auth-provider.tsx';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell.tsx';
import { SearchLauncher } from '../../features/search/components/search-launcher.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useHistoryEntries } from '../../lib/entry-before.ts';
import { focusIsLost } from '../../lib/lost-focus.ts';
import { notifyError } from '../../lib/notify.ts';
import { ErrorBoundary } from '../error-fallback.tsx';
import { paths } from '../paths.ts';
import classes from './app-shell.module.css';

const entries = [
  { label: 'Dashboard', to: paths.home, icon: IconLayoutDashboard },
  { label: 'Contacts', to: paths.contacts, icon: IconUsers },
  { label: 'Interactions', to: paths.interactions, icon: IconMessages },
  { label: 'Grants', to: paths.grants, icon: IconCoin },
  { label: 'Opportunities', to: paths.opportunities, icon: IconBriefcase },
  { label: 'Funders', to: paths.funders, icon: IconBuildingBank },
  { label: 'Tasks', to: paths.tasks, icon: IconLayoutKanban },
  { label: 'Reports', to: paths.reports, icon: IconChartBar },
  { label: 'Organization', to: paths.company, icon: IconBuildingCommunity },
];

const isCurrent = (pathname: string, to: string) =>
  to === paths.home ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);

/** A sidebar link, highlighted (and `aria-current`) on its own page and the pages under it. */
function SidebarLink({
  to,
  icon: Icon,
  label,
  onClick,
}: {
  to: string;
  icon: typeof IconUsers;
  label: string;
  onClick: () => void;
}) {
  const current = isCurrent(useLocation().pathname, to);
  return (
    <Link
      to={to}
      className={classes.link}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
    >
      <Icon size={18} aria-hidden="true" />
      <span className={classes.label}>{label}</span>
    </Link>
  );
}

export function AppShellLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The top bar (with the menu button) exists only where the sidebar folds away.
  const wide = useMediaQuery('(min-width: 48em)', true);
  const { pathname } = useLocation();
  const arrival = useNavigationType();
  useHistoryEntries();
  const { user, logoutMutation } = useAuth();
  // A page opened from within the app (a link in the page, a record deleted from its own page)
  // takes the focus away with the control that had it: it goes to the new page's main content,
  // where a screen reader reads on and Tab goes on, rather than back to the top of the page. A
  // focus kept (the sidebar's link, a field the page focuses itself) stays where it is. So does
  // the first page after signing in (or up), come from the form that had the focus; a page the
  // browser opened itself (its address typed, reloaded, come back to from another site: a POP)
  // is left be.
  // Folded on a narrow screen with the focus in it (a link to the page shown followed, the window
  // narrowed), the sidebar takes the focus out of the page as it turns inert: it goes to the
  // main content instead. Looked at before the browser drops it.
  const folded = !wide && !opened;
  const sidebar = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (folded && sidebar.current?.contains(document.activeElement)) focusMain();
  }, [folded]);
  // Search and the bell are in the top bar on a narrow screen, atop the sidebar on a wide one.
  // Crossing the width between the two, the window hides them, the focus with them, before the
  // page shows them in their other place: the one that had it (`toolWithFocus`, its place among
  // them) has it again there.
  const tools = useRef<HTMLDivElement>(null);
  const toolWithFocus = useRef(-1);
  const toolsProps = {
    ref: tools,
    gap: 'xs',
    onFocus: ({ target, currentTarget }: FocusEvent<HTMLDivElement>) => {
      toolWithFocus.current = [...currentTarget.children].indexOf(target);
    },
    // Left for another control, rather than hidden.
    onBlur: ({ target }: FocusEvent<HTMLDivElement>) => {
      if (target.getClientRects().length > 0) toolWithFocus.current = -1;
    },
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the page shows the new width
  useLayoutEffect(() => {
    const tool = tools.current?.children[toolWithFocus.current];
    if (focusIsLost() && tool instanceof HTMLElement) tool.focus();
  }, [wide]);
  const shownFirst = useRef(arrival === 'POP' ? pathname : '');
  useEffect(() => {
    if (pathname === shownFirst.current) return;
    shownFirst.current = '';
    focusMainIfLost();
  }, [pathname]);

  // Signing out unmounts this layout; the router then sends the browser to /auth. A form holding
  // changes not saved asks first.
  const logout = () =>
    leaveAsked(() =>
      logoutMutation.mutate(undefined, {
        onError: (error) => notifyError('Logout failed', errorMessage(error)),
      }),
    );

  return (
    <AppShell
      header={{ height: 56, collapsed: wide }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      {/* Folded away (and out of the Tab order) where the sidebar shows. */}
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md">
          <Burger
            ref={menuButton}
            opened={opened}
            onClick={toggle}
            size="sm"
            aria-label="Toggle navigation"
            aria-expanded={opened}
            aria-controls="sidebar"
          />
          <Brand size={28} />
          {!wide && (
            <Group ml="auto" {...toolsProps}>
              <SearchLauncher />
              <NotificationsBell />
            </Group>
          )}
        </Group>
      </AppShell.Header>

      {/* Folded away where the screen is narrow, and then out of the Tab order (inert) too; open,
          Escape folds it again. */}
      <AppShell.Navbar
        id="sidebar"
        p="md"
        aria-label="Main"
        ref={sidebar}
        inert={folded}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && opened) {
            close();
            menuButton.current?.focus();
          }
        }}
      >
        <AppShell.Section visibleFrom="sm" mb="lg">
          <Group justify="space-between" wrap="nowrap">
            {/* The size of the header's: the name fits on one line beside the two buttons. */}
            <Brand size={28} />
            {wide && (
              <Group wrap="nowrap" {...toolsProps}>
                <SearchLauncher />
                <NotificationsBell />
              </Group>
            )}
          </Group>
        </AppShell.Section>
        {/* The browser's own scrolling: Mantine's ScrollArea would bring a positioning library
            into every page's first download. */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <nav aria-label="Main navigation">
            <Stack gap={4}>
              {entries.map((entry) => (
                <SidebarLink key={entry.to} {...entry} onClick={close} />
              ))}
            </Stack>
          </nav>
        </AppShell.Section>
        <AppShell.Section
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          {/* The user's name opens their profile: their own name, email and password. */}
          {user && (
            <SidebarLink
              to={paths.profile}
              icon={IconUserCircle}
              label={user.name}
              onClick={close}
            />
          )}
          {user && (
            <Text size="xs" c="dimmed" truncate mt={2} mb="sm" px="sm">
              {user.companyName}
            </Text>
          )}
          <Button
            variant="default"
            fullWidth
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={logout}
            loading={logoutMutation.isPending}
          >
            Logout
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main {...MAIN_CONTENT}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
        {/* Confirmation dialogs (deleting, removing a user) belong to the signed-in pages. */}
        <ConfirmationHost />
      </AppShell.Main>
    </AppShell>
  );
}
