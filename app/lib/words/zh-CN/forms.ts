import type { Words } from "../en";

/** 表单页的通用用语：保存栏、离开前的确认、删除一行。 */
export const forms: Words["forms"] = {
  save: "保存",
  discard: "放弃",
  leaveTitle: "不保存就离开？",
  leaveMessage: "此页的更改尚未保存。离开后，这些更改将丢失。",
  leave: "离开",
  stay: "留下",
  remove: "删除",
  removeRow: (row: string) => `删除第 ${row} 行`,
};
