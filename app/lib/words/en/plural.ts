/** English's two forms of a counted noun: "1 unit", "2 units". */
export const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
