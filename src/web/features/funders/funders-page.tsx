import { Anchor } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { Link } from 'react-router';
import { funderSortFields } from '../../../domain/funder-constants.ts';
import { ExportButton } from '../../components/export-button.tsx';
import { useListState } from '../../components/list-controls.tsx';
import { ListPanel, pageParams } from '../../components/list-page.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useFunders } from './api/funders-api.ts';
import { funderTypeText } from './components/funder-type.ts';

/**
 * Every funder of the company: one for each organization name its grants, opportunities and
 * contacts use (a new name adds one), with how many of each carry it.
 */
export default function FundersPage() {
  useDocumentTitle('Funders');
  const list = useListState(funderSortFields);
  const params = pageParams(list);
  const funders = useFunders(params);
  return (
    <>
      <PageHeader
        title="Funders"
        description="Every organization your grants, opportunities and contacts name"
        actions={<ExportButton list="/api/funders" params={params} />}
      />
      <ListPanel
        list={list}
        query={funders}
        noun="funders"
        icon={IconBuildingBank}
        hint="A funder appears here when a grant, an opportunity or a contact first names it."
      >
        {(rows) => (
          <ListTable minWidth={640} labels={[null, 'Type', 'Grants', 'Opportunities', 'Contacts']}>
            <thead>
              <tr>
                <th>Name</th>
                <th>Type</th>
                <th style={{ textAlign: 'right' }}>Grants</th>
                <th style={{ textAlign: 'right' }}>Opportunities</th>
                <th style={{ textAlign: 'right' }}>Contacts</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((funder) => (
                <tr key={funder.id}>
                  <td>
                    <Anchor component={Link} to={`/funders/${funder.id}`} fw={500}>
                      {funder.name}
                    </Anchor>
                  </td>
                  <td>{funderTypeText(funder.type)}</td>
                  <td style={{ textAlign: 'right' }}>{funder.grantCount}</td>
                  <td style={{ textAlign: 'right' }}>{funder.opportunityCount}</td>
                  <td style={{ textAlign: 'right' }}>{funder.contactCount}</td>
                </tr>
              ))}
            </tbody>
          </ListTable>
        )}
      </ListPanel>
    </>
  );
}
