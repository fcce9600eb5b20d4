import { describe, expect, it } from "vitest";
import { readEnv } from "~/env.server";
import { FAST_PIPELINE_POLICY, pipelinePolicyNamed, PRODUCTION_PIPELINE_POLICY } from "./policy";

describe("PIPELINE_POLICY chooses the pipeline's pace", () => {
  it("is production unless the stack or the demo asks for fast", () => {
    expect(pipelinePolicyNamed(readEnv({}).PIPELINE_POLICY)).toBe(PRODUCTION_PIPELINE_POLICY);
    expect(pipelinePolicyNamed(readEnv({ PIPELINE_POLICY: "" }).PIPELINE_POLICY)).toBe(PRODUCTION_PIPELINE_POLICY);
    expect(pipelinePolicyNamed(readEnv({ PIPELINE_POLICY: "fast" }).PIPELINE_POLICY)).toBe(FAST_PIPELINE_POLICY);
    expect(FAST_PIPELINE_POLICY.packagesPerBatch).toBe(PRODUCTION_PIPELINE_POLICY.packagesPerBatch);
  });

  it("refuses an unknown name at start, naming the variable", () => {
    expect(() => readEnv({ PIPELINE_POLICY: "slow" })).toThrow(/PIPELINE_POLICY: .*"production"\|"fast"|PIPELINE_POLICY: Invalid option/);
  });
});
