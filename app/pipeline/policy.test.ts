import { describe, expect, it } from "vitest";
import { FAST_PIPELINE_POLICY, pipelinePolicyFrom, PRODUCTION_PIPELINE_POLICY } from "./policy";

describe("PIPELINE_POLICY chooses the pipeline's pace", () => {
  it("is production unless the stack or the demo asks for fast", () => {
    expect(pipelinePolicyFrom({})).toBe(PRODUCTION_PIPELINE_POLICY);
    expect(pipelinePolicyFrom({ PIPELINE_POLICY: "" })).toBe(PRODUCTION_PIPELINE_POLICY);
    expect(pipelinePolicyFrom({ PIPELINE_POLICY: "fast" })).toBe(FAST_PIPELINE_POLICY);
    expect(FAST_PIPELINE_POLICY.packagesPerBatch).toBe(PRODUCTION_PIPELINE_POLICY.packagesPerBatch);
  });

  it("refuses an unknown name, naming the variable", () => {
    expect(() => pipelinePolicyFrom({ PIPELINE_POLICY: "slow" })).toThrow(/PIPELINE_POLICY: expected production or fast, got "slow"/);
  });
});
