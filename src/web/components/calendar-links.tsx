import { Anchor, Group } from '@mantine/core';
import { IconCalendarPlus, IconDownload } from '@tabler/icons-react';
import { type CalendarEvent, googleCalendarUrl } from '../../domain/calendar.ts';

/** Saves `text` as a file named `fileName`, as a download link would. */
function saveFile(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * 'Add to Google Calendar' and a downloadable .ics for any other calendar application. The file
 * is written when asked for (its writer loads then), not for every deadline shown. Each names
 * its event to a screen reader ('Add to Google Calendar: Call the officer (Reading Rooms)'): a
 * list of deadlines has one of each for every deadline.
 */
export function CalendarLinks({ event, uid }: { event: CalendarEvent; uid: string }) {
  const fileName = `${event.title.replace(/[^\w-]+/g, '-').slice(0, 60) || 'event'}.ics`;
  const download = async () => {
    const { icsFile } = await import('../../domain/ics.ts');
    saveFile(icsFile(event, uid), fileName);
  };
  return (
    <Group gap="sm" wrap="wrap" onClick={(e) => e.stopPropagation()}>
      <Anchor
        href={googleCalendarUrl(event)}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        aria-label={`Add to Google Calendar: ${event.title}`}
      >
        <IconCalendarPlus size={14} aria-hidden="true" /> Add to Google Calendar
      </Anchor>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => void download()}
        aria-label={`Download .ics: ${event.title}`}
      >
        <IconDownload size={14} aria-hidden="true" /> Download .ics
      </Anchor>
    </Group>
  );
}
