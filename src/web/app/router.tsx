import { lazy, Suspense, useEffect, useRef } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { SkipLink } from '../components/skip-link.tsx';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { ErrorBoundary } from './error-fallback.tsx';
import { AppShellLayout } from './layouts/app-shell.tsx';
import { paths, protectedPatterns } from './paths.ts';
import { NotFoundPage } from './routes/not-found.tsx';

// Each page is its own chunk: the first load carries the providers, the signed-in shell and the
// page it shows (scripts/bundle-size.ts holds it to a budget). The shell is not split off: a
// page inside a lazy shell waits for two chunks one after the other, and React reveals each
// suspended level on its own throttled beat, which doubled the time to a page's first row.
const LandingPage = lazy(() =>
  import('../features/landing/landing-page.tsx').then((m) => ({ default: m.LandingPage })),
);
const AuthPage = lazy(() =>
  import('../features/auth/components/auth-page.tsx').then((m) => ({ default: m.AuthPage })),
);
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx'));
const ContactsPage = lazy(() => import('../features/contacts/contacts-page.tsx'));
const InteractionsPage = lazy(() => import('../features/interactions/interactions-page.tsx'));
const GrantsPage = lazy(() => import('../features/grants/grants-page.tsx'));
const OpportunitiesPage = lazy(() => import('../features/opportunities/opportunities-page.tsx'));
const FundersPage = lazy(() => import('../features/funders/funders-page.tsx'));
const FunderDetailPage = lazy(() => import('./routes/funder-detail-page.tsx'));
const TasksBoardPage = lazy(() => import('../features/grants/tasks-board-page.tsx'));
const ReportsPage = lazy(() => import('../features/reports/reports-page.tsx'));
const CompanyPage = lazy(() => import('../features/company/company-page.tsx'));
const ProfilePage = lazy(() => import('../features/profile/profile-page.tsx'));
const OpportunityDetailPage = lazy(() => import('./routes/opportunity-detail-page.tsx'));
const GrantDetailPage = lazy(() => import('./routes/grant-detail-page.tsx'));
const ContactDetailPage = lazy(() => import('./routes/contact-detail-page.tsx'));
const InteractionDetailPage = lazy(() => import('./routes/interaction-detail-page.tsx'));
const AcceptInvitationPage = lazy(
  () => import('../features/invitations/accept-invitation-page.tsx'),
);
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page.tsx'));

/**
 * When a signed-in user becomes signed out (logout, or a session that ended), the browser goes
 * to /auth (SPEC §2.1). This lives here, above every page, because signing out unmounts the page
 * that asked for it.
 */
function useSignOutRedirect(signedIn: boolean) {
  const navigate = useNavigate();
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) navigate(paths.auth, { replace: true });
    wasSignedIn.current = signedIn;
  }, [signedIn, navigate]);
}

function AppRoutes() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  useSignOutRedirect(user !== null);
  if (isLoading) return <PageLoader fullScreen />;

  return (
    <ErrorBoundary key={user ? 'signed-in' : pathname}>
      <Suspense fallback={<PageLoader fullScreen />}>
        <Routes>
          <Route
            path="/auth"
            element={user ? <Navigate to={paths.home} replace /> : <AuthPage />}
          />
          <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          {user ? (
            <Route element={<AppShellLayout />}>
              <Route index element={<DashboardPage />} />
              <Route path="contacts" element={<ContactsPage />} />
              <Route path="contacts/:id" element={<ContactDetailPage />} />
              <Route path="interactions" element={<InteractionsPage />} />
              <Route path="interactions/:id" element={<InteractionDetailPage />} />
              <Route path="grants" element={<GrantsPage />} />
              <Route path="grants/:id" element={<GrantDetailPage />} />
              <Route path="opportunities" element={<OpportunitiesPage />} />
              <Route path="opportunities/:id" element={<OpportunityDetailPage />} />
              <Route path="funders" element={<FundersPage />} />
              <Route path="funders/:id" element={<FunderDetailPage />} />
              <Route path="tasks" element={<TasksBoardPage />} />
              <Route path="reports" element={<ReportsPage />} />
              <Route path="organization" element={<CompanyPage />} />
              <Route path="profile" element={<ProfilePage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          ) : (
            <>
              <Route index element={<LandingPage />} />
              {protectedPatterns.map((pattern) => (
                <Route
                  key={pattern}
                  path={pattern}
                  element={<Navigate to={paths.auth} replace />}
                />
              ))}
              <Route path="*" element={<LandingPage />} />
            </>
          )}
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <SkipLink />
      <AppRoutes />
    </BrowserRouter>
  );
}
