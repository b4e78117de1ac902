/**
 * The steps of a dialog's save, apart from React so they can be tested: validate the form, save,
 * say so, close, refresh. A step that throws (an invalid form marks its fields; a failed call was
 * already shown by the api client's error catalogue) stops there and leaves the dialog open.
 */
export interface EditSaveSteps<Values> {
  validate: () => Promise<Values>;
  save: (values: Values) => Promise<unknown>;
  /** the success message, or null when the page says it itself */
  success: string | null;
  notify: (message: string) => void;
  close: () => void;
  refresh: () => Promise<unknown>;
}

export async function runEditSave<Values>(s: EditSaveSteps<Values>): Promise<void> {
  const values = await s.validate();
  await s.save(values);
  if (s.success !== null) s.notify(s.success);
  s.close();
  await s.refresh();
}
