import type { ReactNode } from 'react';
import classes from './list-table.module.css';

/**
 * A list's table, scrolling sideways below `minWidth`. Plain HTML styled like Mantine's Table:
 * Mantine's Table always brings its ScrollArea, and with it a positioning library of about
 * 19 kB gzipped, into the first download of every list page.
 */
export function ListTable({
  minWidth = 640,
  children,
}: {
  minWidth?: number;
  children: ReactNode;
}) {
  return (
    <div className={classes.scroll}>
      <table className={classes.table} style={{ minWidth }}>
        {children}
      </table>
    </div>
  );
}
