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
 * is written when asked for (its writer loads then), not for every deadline shown.
 */
export function CalendarLinks({ event, uid }: { event: CalendarEvent; uid: string }) {
  const fileName = `${event.title.replace(/[^\w-]+/g, '-').slice(0, 60) || 'event'}.ics`;
  const download = async () => {
    const { icsFile } = await import('../../domain/ics.ts');
    saveFile(icsFile(event, uid), fileName);
  };
  return (
    <Group gap="sm" wrap="wrap" onClick={(e) => e.stopPropagation()}>
      <Anchor href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer" size="sm">
        <IconCalendarPlus size={14} aria-hidden="true" /> Add to Google Calendar
      </Anchor>
      <Anchor component="button" type="button" size="sm" onClick={() => void download()}>
        <IconDownload size={14} aria-hidden="true" /> Download .ics
      </Anchor>
    </Group>
  );
}
