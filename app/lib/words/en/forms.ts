/** What every form page says around its fields: the save bar, the question before leaving, a row's Remove. */
export const forms = {
  save: "Save",
  discard: "Discard",
  leaveTitle: "Leave without saving?",
  leaveMessage: "Your changes on this page are not saved. Leave, and they are lost.",
  leave: "Leave",
  stay: "Stay",
  remove: "Remove",
  /** `row` is the row's number as the merchant counts them (1 for the first). */
  removeRow: (row: string) => `Remove row ${row}`,
};
