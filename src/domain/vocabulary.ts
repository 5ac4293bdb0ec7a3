// A closed set of values and the words the app shows for them, written once: the words keyed by
// the values, in the order the app offers them. No validation library: pages import this.

/** One of a vocabulary's values with its word, as a select offers it. */
export interface Choice<Value extends string> {
  value: Value;
  label: string;
}

/**
 * A vocabulary's values, in order, from its words: for the schemas' and the database's enums.
 * The order is the words' as written, which holds for keys that are not numbers (an integer-like
 * key would come first); a vocabulary has at least one word.
 */
export const valuesOf = <Value extends string>(labels: Record<Value, string>) =>
  Object.keys(labels) as [Value, ...Value[]];

/** A vocabulary's values with their words, in order: a select's choices. */
export const choicesOf = <Value extends string>(labels: Record<Value, string>): Choice<Value>[] =>
  valuesOf(labels).map((value) => ({ value, label: labels[value] }));
