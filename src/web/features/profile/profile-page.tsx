import { SimpleGrid } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { roleWithArticle } from '../../../domain/wording.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useAuth } from '../auth/auth-provider.tsx';
import { CalendarFeedCard } from './components/calendar-feed-card.tsx';
import { DetailsForm } from './components/details-form.tsx';
import { PasswordForm } from './components/password-form.tsx';

// The reminder switches load after the page's own forms.
const ReminderPreferencesCard = lazy(() =>
  import('./components/reminder-preferences-card.tsx').then((m) => ({
    default: m.ReminderPreferencesCard,
  })),
);

/** The signed-in user's own account, opened from their name in the sidebar. */
export default function ProfilePage() {
  const { user } = useAuth();
  useDocumentTitle('Profile');
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Profile"
        description={`Signed in as ${user.username}, ${roleWithArticle(user.role)} of ${user.companyName}.`}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DetailsForm key={user.id} user={user} />
        <PasswordForm />
        <CalendarFeedCard />
        <Suspense fallback={null}>
          <ReminderPreferencesCard />
        </Suspense>
      </SimpleGrid>
    </>
  );
}
