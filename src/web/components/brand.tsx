import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '../lib/document-title.ts';

function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-cyan-9)" />
      <path d="M16 6c-4 5-7 8-7 12a7 7 0 0 0 14 0c0-4-3-7-7-12z" fill="#fff" />
      <path
        d="M16 14v12M12 20l4 3 4-3"
        stroke="var(--mantine-color-cyan-9)"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The logo with the product name beside it. */
export function Brand({ size = 32 }: { size?: number }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Logo size={size} />
      <Text fw={700} fz={size > 32 ? 'xl' : 'lg'} style={{ whiteSpace: 'nowrap' }}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
