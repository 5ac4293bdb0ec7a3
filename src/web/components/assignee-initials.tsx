import classes from './assignee-initials.module.css';

/**
 * The initials a name is shown by: the first letter (or digit) of its first and last words, in
 * capitals ('Rosa Parks' → 'RP', 'ada' → 'A', 'Mary Jane Watson' → 'MW'); '?' when it has none.
 */
export function initials(name: string): string {
  const firsts = name
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0])
    .filter((first) => first !== undefined);
  const picked = firsts.length > 1 ? [firsts[0], firsts[firsts.length - 1]] : firsts;
  return picked.join('').toLocaleUpperCase() || '?';
}

/**
 * Who a task is assigned to, as a small round badge of their initials; the full name is its
 * accessible name and its tooltip. A styled span rather than Mantine's Avatar: it sits on every
 * card of the board, whose first download has no room for another component.
 */
export function AssigneeInitials({ name }: { name: string }) {
  const label = `Assigned to ${name}`;
  return (
    <span role="img" aria-label={label} title={label} className={classes.initials}>
      {initials(name)}
    </span>
  );
}
