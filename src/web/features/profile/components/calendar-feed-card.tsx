import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { askConfirmation } from '../../../components/confirm.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { changeWithNotice, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCalendarFeed, useNewCalendarFeed } from '../api/profile-api.ts';

/** The same address for calendar applications that subscribe with the webcal scheme. */
const webcal = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * The user's calendar subscription: every deadline of the company (grants, tasks, requirements)
 * in their own calendar application, kept up to date by it. The address is a key: anyone who
 * has it sees the deadlines, so a new one can replace it.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const renew = useNewCalendarFeed();
  const url = feed.data?.url;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess('Calendar address copied');
    } catch {
      notifyError('Could not copy the address', 'Select it and copy it yourself.');
    }
  };
  const askRenew = () =>
    askConfirmation({
      title: 'Get a new calendar address',
      message:
        'The address you have now stops working, in every calendar that subscribed to it. Subscribe again with the new one.',
      confirmLabel: 'Get New Address',
      onConfirm: () =>
        changeWithNotice(
          () => renew.mutateAsync(),
          'New calendar address ready',
          'Could not make a new address',
        ),
    });

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="calendar-feed">
      <Title order={2} size="h4" mb="md" id="calendar-feed">
        Calendar
      </Title>
      <Stack gap="sm">
        <Text size="sm">
          Subscribe to your organization's deadlines (grants, tasks and requirements) in your
          calendar application. It follows every change made here.
        </Text>
        {feed.isPending ? (
          <Text c="dimmed">Loading your calendar address...</Text>
        ) : feed.isError || !url ? (
          <Text c="red" role="alert">
            {errorMessage(feed.error)}
          </Text>
        ) : (
          <>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Calendar address"
                value={url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
              />
              <Button variant="default" onClick={() => void copy()}>
                Copy
              </Button>
            </Group>
            <Group gap="md">
              <Anchor
                href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal(url))}`}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
              >
                Subscribe in Google Calendar
              </Anchor>
              <Anchor
                href={`https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=${encodeURIComponent('Grantwell deadlines')}`}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
              >
                Subscribe in Outlook
              </Anchor>
              <Anchor href={webcal(url)} size="sm">
                Open in your calendar app
              </Anchor>
            </Group>
            <Text size="xs" c="dimmed">
              Anyone with this address can see the deadlines. If it was shared by mistake, get a new
              one.
            </Text>
            <Button
              variant="light"
              color="red"
              size="xs"
              w="fit-content"
              loading={renew.isPending}
              onClick={askRenew}
            >
              Get a New Address
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
