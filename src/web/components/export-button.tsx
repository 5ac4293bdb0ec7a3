import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { withQuery } from '../lib/api-client.ts';

/**
 * 'Export CSV': downloads what a list shows (`list`, the API path of the list, with its search,
 * filters and sort), every page of it, as the server writes it.
 */
export function ExportButton({
  list,
  params,
}: {
  list: string;
  params: Record<string, string | number | undefined>;
}) {
  const { limit: _limit, offset: _offset, ...shown } = params;
  return (
    <Button
      component="a"
      href={withQuery(`${list}/export`, shown)}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
    >
      Export CSV
    </Button>
  );
}
