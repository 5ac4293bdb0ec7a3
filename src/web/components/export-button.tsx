import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { withQuery } from '../lib/api-client.ts';

/**
 * The export of what a list shows (its search, filters and sort, not its page), or of `ids`
 * only, those chosen in it.
 */
export function exportUrl(
  list: string,
  params: Record<string, string | number | undefined>,
  ids?: Iterable<number>,
) {
  const { limit: _limit, offset: _offset, ...shown } = params;
  return withQuery(`${list}/export`, ids ? { ...shown, ids: [...ids].join(',') } : shown);
}

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
  return (
    <Button
      component="a"
      href={exportUrl(list, params)}
      download
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
    >
      Export CSV
    </Button>
  );
}
