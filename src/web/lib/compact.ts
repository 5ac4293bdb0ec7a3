/** The same object without its empty-string values (SPEC §2.7: empty optionals are left out). */
export function omitEmpty<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== undefined),
  ) as Partial<T>;
}
