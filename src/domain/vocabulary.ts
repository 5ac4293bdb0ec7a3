// A closed list of values written once, with the words the screens show for each: the labels
// are the source, in the order the app lists them, and the values (what a schema or a database
// enum checks against) are read from them, so a new value cannot have a missing label.

/** The values of a vocabulary, in the order its labels are written. */
export const valuesOf = <Value extends string>(labels: Readonly<Record<Value, string>>) =>
  Object.keys(labels) as [Value, ...Value[]];
