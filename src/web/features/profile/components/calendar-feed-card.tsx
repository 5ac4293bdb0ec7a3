import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { askConfirmation } from '../../../components/confirm.tsx';
import { QueryContent, SectionCard } from '../../../components/section-card.tsx';
import { useFocusBack } from '../../../lib/focus-back.ts';
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
  // Disabled while it renews, the button keeps the focus the confirmation gives back to it.
  const renewFocus = useFocusBack<HTMLButtonElement>(renew.isPending);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess('Calendar address copied');
    } catch {
      notifyError('Could not copy the address', 'Select it and copy it yourself.');
    }
  };
  const askRenew = () => {
    renewFocus.changed();
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
  };

  return (
    <SectionCard title="Calendar">
      <Stack gap="sm">
        <Text size="sm">
          Subscribe to your organization's deadlines (grants, tasks and requirements) in your
          calendar application. It follows every change made here.
        </Text>
        <QueryContent query={feed} loading="Loading your calendar address...">
          {({ url, timeZone }) => (
            <>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  label="Calendar address"
                  value={url}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                  style={{ flex: 1 }}
                />
                <Button variant="default" onClick={() => void copy(url)}>
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
                Deadlines fall on their days in the time zone {timeZone}.
              </Text>
              <Text size="xs" c="dimmed">
                Anyone with this address can see the deadlines. If it was shared by mistake, get a
                new one.
              </Text>
              <Button
                ref={renewFocus.ref}
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
        </QueryContent>
      </Stack>
    </SectionCard>
  );
}
