import type { JobHandler } from "../handler";

export const handleNoop: JobHandler<"noop"> = async () => {};
