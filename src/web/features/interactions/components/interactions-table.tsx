import { Group, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Interaction, InteractionSortField } from '../../../../domain/interactions.ts';
import { SortableTh, type SortState } from '../../../components/list-controls.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import type { RecordRowsProps } from '../../../components/record-table.tsx';
import { ActionsHeader, RowActionsCell } from '../../../components/row-actions.tsx';
import { SelectBox } from '../../../components/selection.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { InteractionTypeLabel, interactionTitle } from './interaction-type.tsx';

/** An interaction's name in the list: "Call with Ada Lovelace, March 1, 2027, 10:00 AM". */
const rowName = (interaction: Interaction) =>
  `${interactionTitle(interaction)}, ${formatDateTime(interaction.date)}`;

/**
 * The interactions list: as the other lists, each row's first cell (its type, as it shows)
 * links to the interaction's page, named for the interaction; a click anywhere else on the row
 * opens it too.
 */
export function InteractionsTable({
  rows: interactions,
  onEdit,
  onDelete,
  sorting,
  selection,
}: RecordRowsProps<Interaction, InteractionSortField> & {
  sorting: SortState<InteractionSortField>;
}) {
  const navigate = useNavigate();
  const href = (interaction: Interaction) => `/interactions/${interaction.id}`;
  return (
    <ListTable labels={[null, 'Contact', 'Date', 'Notes']}>
      <thead>
        <tr>
          <SortableTh field="type" sorting={sorting}>
            Type
          </SortableTh>
          <SortableTh field="contactName" sorting={sorting}>
            Contact
          </SortableTh>
          <SortableTh field="date" sorting={sorting}>
            Date
          </SortableTh>
          <th>Notes</th>
          <ActionsHeader />
        </tr>
      </thead>
      <tbody>
        {interactions.map((interaction) => (
          <tr
            key={interaction.id}
            onClick={() => navigate(href(interaction))}
            style={{ cursor: 'pointer' }}
          >
            <td>
              <Group gap="xs" wrap="nowrap">
                {selection && (
                  <SelectBox
                    label={`Select ${rowName(interaction)}`}
                    checked={selection.has(interaction.id)}
                    onChange={() => selection.toggle(interaction.id)}
                  />
                )}
                <Text
                  component={Link}
                  c="var(--mantine-color-anchor)"
                  to={href(interaction)}
                  aria-label={rowName(interaction)}
                  onClick={(event) => event.stopPropagation()}
                >
                  <InteractionTypeLabel type={interaction.type} />
                </Text>
              </Group>
            </td>
            <td>{interaction.contactName}</td>
            <td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(interaction.date)}</td>
            <td>
              <Text size="sm" lineClamp={2}>
                {interaction.notes}
              </Text>
            </td>
            <RowActionsCell
              label={rowName(interaction)}
              onEdit={() => onEdit(interaction)}
              onDelete={() => onDelete(interaction)}
            />
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}
