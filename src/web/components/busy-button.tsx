import { Button, type ButtonProps, Loader } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { inertWhile } from './inert-button.ts';

/**
 * A button whose work runs once at a time: while `busy` (its work under way, a small spinner at
 * its start) or `inert` (nothing to do yet), it looks and reads disabled but keeps the keyboard's
 * focus (inertWhile), and neither a press nor Enter in its form does anything.
 */
export function BusyButton({
  busy,
  inert = false,
  onClick,
  ref,
  children,
  ...props
}: ButtonProps & {
  busy: boolean;
  inert?: boolean;
  type?: 'button' | 'submit';
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  const held = busy || inert;
  const { onClick: holdBack, ...looks } = inertWhile(held);
  return (
    <Button
      ref={ref}
      {...props}
      {...looks}
      onClick={(event) => {
        holdBack(event);
        if (!held) onClick?.();
      }}
      leftSection={busy && <Loader size={14} color="currentColor" />}
    >
      {children}
    </Button>
  );
}
