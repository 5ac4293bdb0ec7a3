import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { Interaction } from '../../../../domain/interactions.ts';
import { SortableTh, type SortState } from '../../../components/list-controls.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { InteractionTypeLabel } from './interaction-type.tsx';

export function InteractionsTable({
  interactions,
  onEdit,
  onDelete,
  sorting,
}: {
  interactions: Interaction[];
  onEdit: (interaction: Interaction) => void;
  onDelete: (interaction: Interaction) => void;
  sorting: SortState;
}) {
  const navigate = useNavigate();
  const open = (interaction: Interaction) => navigate(`/interactions/${interaction.id}`);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh field="type" sorting={sorting}>
              Type
            </SortableTh>
            <SortableTh field="contactName" sorting={sorting}>
              Contact
            </SortableTh>
            <SortableTh field="date" sorting={sorting}>
              Date
            </SortableTh>
            <Table.Th>Notes</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {interactions.map((interaction) => (
            <Table.Tr
              key={interaction.id}
              onClick={() => open(interaction)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') open(interaction);
              }}
              tabIndex={0}
              aria-label={`${interaction.type} with ${interaction.contactName}, ${formatDateTime(interaction.date)}`}
              style={{ cursor: 'pointer' }}
            >
              <Table.Td>
                <InteractionTypeLabel type={interaction.type} />
              </Table.Td>
              <Table.Td>{interaction.contactName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(interaction.date)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {interaction.notes}
                </Text>
              </Table.Td>
              <Table.Td w={48}>
                <RowActions
                  label={`${interaction.type} with ${interaction.contactName}`}
                  onEdit={() => onEdit(interaction)}
                  onDelete={() => onDelete(interaction)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
