/**
 * A select's choices: each of `values` in their order, labelled as `labels` words it
 * (`choicesOf(taskStatuses, taskStatusLabels)`).
 */
export const choicesOf = <Value extends string>(
  values: readonly Value[],
  labels: Readonly<Record<Value, string>>,
) => values.map((value) => ({ value, label: labels[value] }));
