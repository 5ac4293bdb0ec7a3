import { Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Interaction, InteractionSortField } from '../../../../domain/interactions.ts';
import { SortableTh, type SortState } from '../../../components/list-controls.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import type { RecordRowsProps } from '../../../components/record-table.tsx';
import { ActionsHeader, RowActionsCell } from '../../../components/row-actions.tsx';
import { SelectBox } from '../../../components/selection.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { InteractionTypeLabel } from './interaction-type.tsx';

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
  const open = (interaction: Interaction) => navigate(`/interactions/${interaction.id}`);
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
            onClick={() => open(interaction)}
            onKeyDown={(event) => {
              // Enter on the row itself: on its box (or anything in it) it is that control's.
              if (event.key === 'Enter' && event.target === event.currentTarget) open(interaction);
            }}
            tabIndex={0}
            aria-label={`${interaction.type} with ${interaction.contactName}, ${formatDateTime(interaction.date)}`}
            style={{ cursor: 'pointer' }}
          >
            <td>
              <Group gap="xs" wrap="nowrap">
                {selection && (
                  <SelectBox
                    label={`Select ${interaction.type} with ${interaction.contactName}, ${formatDateTime(interaction.date)}`}
                    checked={selection.has(interaction.id)}
                    onChange={() => selection.toggle(interaction.id)}
                  />
                )}
                <InteractionTypeLabel type={interaction.type} />
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
              label={`${interaction.type} with ${interaction.contactName}`}
              onEdit={() => onEdit(interaction)}
              onDelete={() => onDelete(interaction)}
            />
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}
