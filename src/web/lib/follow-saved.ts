/**
 * What a form shows once its record has been saved anew (by a save that ended while another page
 * was shown, another tab, another person): each field the user has not changed from what the
 * form showed (`shown`) shows its `saved` value, and what they have changed stays as typed.
 */
export function followSaved<Values extends object>(
  values: Values,
  shown: Values,
  saved: Values,
): Values {
  const followed = { ...saved };
  for (const key of Object.keys(saved) as (keyof Values)[]) {
    if (values[key] !== shown[key]) followed[key] = values[key];
  }
  return followed;
}

/**
 * The fields changed here from what the form showed (`shown`) that someone else has saved
 * otherwise since (`latest`): a save would replace their change unseen.
 */
export function replacedMeanwhile<Values extends object>(
  values: Values,
  shown: Values,
  latest: Values,
): (keyof Values)[] {
  return (Object.keys(latest) as (keyof Values)[]).filter(
    (key) =>
      values[key] !== shown[key] && latest[key] !== shown[key] && latest[key] !== values[key],
  );
}
