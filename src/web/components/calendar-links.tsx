import { Anchor, Group } from '@mantine/core';
import { IconCalendarPlus, IconDownload } from '@tabler/icons-react';
import { type CalendarEvent, googleCalendarUrl, icsFile } from '../../domain/calendar.ts';

/** 'Add to Google Calendar' and a downloadable .ics for any other calendar application. */
export function CalendarLinks({ event, uid }: { event: CalendarEvent; uid: string }) {
  const ics = `data:text/calendar;charset=utf-8,${encodeURIComponent(icsFile(event, uid))}`;
  const fileName = `${event.title.replace(/[^\w-]+/g, '-').slice(0, 60) || 'event'}.ics`;
  return (
    <Group gap="sm" wrap="wrap" onClick={(e) => e.stopPropagation()}>
      <Anchor href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer" size="sm">
        <IconCalendarPlus size={14} aria-hidden="true" /> Add to Google Calendar
      </Anchor>
      <Anchor href={ics} download={fileName} size="sm">
        <IconDownload size={14} aria-hidden="true" /> Download .ics
      </Anchor>
    </Group>
  );
}
