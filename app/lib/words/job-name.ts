/** What a job did, by its kind's name in one language; a kind no longer named (an old row) by its code. */
export function jobName(names: Readonly<Record<string, string>>, kind: string): string {
  return Object.hasOwn(names, kind) ? (names[kind] ?? kind) : kind;
}
