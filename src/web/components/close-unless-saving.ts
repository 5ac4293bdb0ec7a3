/**
 * A dialog's close while its save is under way does nothing: the save closes it once done, and
 * a dialog closed and opened again meanwhile would be closed under the user's new typing.
 */
export const closeUnlessSaving = (saving: boolean, close: () => void) =>
  saving ? () => {} : close;
