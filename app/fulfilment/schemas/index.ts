export * from "./rules";
export * from "./types";
export * from "./requests";
export * from "./responses";
