import type { CSSProperties, ReactNode } from 'react';
import classes from './list-table.module.css';

export { classes as tableClasses };

/**
 * What each column's values are called on a card, when a narrow table stacks its rows as cards:
 * null for a column that needs no label (the name, which is the card's title, and the actions).
 * A labelled first column makes its cell a labelled line like the others, not the title.
 */
export type ColumnLabels = (string | null)[];

/** The classes of a table that stacks, as its first column is labelled or not. */
export const stackingClass = (labels: ColumnLabels) =>
  labels[0] ? `${classes.stacking} ${classes.labelledFirst}` : classes.stacking;

/** The style of a table that stacks: its width as a table, and its columns' labels. */
export function stackingStyle(minWidth: number, labels: ColumnLabels): CSSProperties {
  const style: CSSProperties = { '--table-min-width': `${minWidth}px` };
  labels.forEach((label, index) => {
    // A CSS string: JSON's quoting and escapes are CSS's too.
    if (label) style[`--column-${index + 1}-label`] = JSON.stringify(label);
  });
  return style;
}

/**
 * A list's table, `minWidth` wide at least; in a box narrower than that, its rows become cards
 * (list-table.module.css), with `labels` beside the values. Plain HTML styled like Mantine's
 * Table: Mantine's Table always brings its ScrollArea, and with it a positioning library of about
 * 19 kB gzipped, into the first download of every list page.
 */
export function ListTable({
  minWidth = 640,
  labels,
  name,
  children,
}: {
  minWidth?: number;
  labels: ColumnLabels;
  /** What a screen reader calls the table, where a page has several (the reports). */
  name?: string;
  children: ReactNode;
}) {
  return (
    <div className={classes.scroll}>
      <table
        aria-label={name}
        className={`${classes.table} ${stackingClass(labels)}`}
        style={stackingStyle(minWidth, labels)}
      >
        {children}
      </table>
    </div>
  );
}
