import { Text } from '@mantine/core';
import type { ActivityEntry } from '../../../../domain/activity.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  actionWords,
  actorOf,
  changedValue,
  fieldLabel,
  isReference,
  referenceChange,
  timeAgo,
} from '../activity-wording.ts';

/** Long values (notes) are cut in a history line; the record shows them whole. */
const VALUE_SHOWN = 80;
const shortened = (text: string) =>
  text.length > VALUE_SHOWN ? `${text.slice(0, VALUE_SHOWN - 1)}…` : text;

/**
 * One entry, as a sentence: "Dana Director changed Amount from $50,000 to $75,000 · 2 hours
 * ago" (the exact time on hover). `ofThisRecord` on a record's own page ("this grant"); else the
 * record is named.
 */
export function ActivityLine({
  entry,
  ofThisRecord,
  members,
}: {
  entry: ActivityEntry;
  ofThisRecord: boolean;
  /** The team's names by id, for a change of assignee (none until they are read). */
  members?: ReadonlyMap<number, string> | undefined;
}) {
  // An update lists what it changed; a merge's entry says it all in its action's words.
  const changes = (entry.action === 'updated' ? (entry.changes ?? []) : []).map((change) =>
    isReference(change.field)
      ? referenceChange(change.field, change.before, change.after, members)
      : `${fieldLabel(change.field)} from ${shortened(changedValue(change.field, change.before))} to ${shortened(changedValue(change.field, change.after))}`,
  );
  // Names and values are isolated from the words around them (<bdi>): a name written right to
  // left took the number of "1 minute ago" after it into its run ("the contact 1 · سارة أحمد
  // minute ago").
  return (
    <Text size="sm">
      <Text span fw={600}>
        <bdi>{actorOf(entry)}</bdi>
      </Text>{' '}
      <bdi>
        {actionWords(entry, ofThisRecord)}
        {changes.length > 0 && ` ${changes.join(', ')}`}
      </bdi>
      <Text span c="dimmed">
        {' · '}
        <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
          {timeAgo(entry.createdAt)}
        </time>
      </Text>
    </Text>
  );
}
