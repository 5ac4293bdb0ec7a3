/**
 * A form's optional text fields as a payload. An empty one is left out of a new record (SPEC §2.7,
 * §2.11) but sent as null in an edit: a PATCH keeps any field it does not receive, so leaving it
 * out would keep the value the user just cleared.
 */
export function optionalFields<T extends Record<string, string>>(
  values: T,
  editing: boolean,
): { [K in keyof T]?: string | null } {
  return Object.fromEntries(
    Object.entries(values).flatMap(([key, value]): [string, string | null][] => {
      if (value.trim() !== '') return [[key, value]];
      return editing ? [[key, null]] : [];
    }),
  ) as { [K in keyof T]?: string | null };
}
