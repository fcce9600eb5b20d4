import { describe, expect, it } from "vitest";
import { wordsFor } from "~/lib/words";
import { inboundRefusal, inboundRefusalIn } from "./inbound";

const chinese = wordsFor("zh-CN").inbound.refusedUnsaid;
const english = wordsFor("en").inbound.refusedUnsaid;

describe("an inbound refusal as kept and as read", () => {
  it("says a refusal without a message in the reader's language, with the code the provider gave", () => {
    expect(inboundRefusalIn(inboundRefusal(null, null), chinese)).toBe("服务商拒绝了该请求，但未说明原因");
    expect(inboundRefusalIn(inboundRefusal("Locked", undefined), chinese)).toBe("服务商拒绝了该请求，但未说明原因（Locked）");
    expect(inboundRefusalIn(inboundRefusal("Locked", null), english)).toBe("The provider refused it without saying why (Locked)");
    // An empty message is no message.
    expect(inboundRefusalIn(inboundRefusal("Locked", " "), english)).toBe("The provider refused it without saying why (Locked)");
    expect(inboundRefusalIn(inboundRefusal(null, ""), chinese)).toBe("服务商拒绝了该请求，但未说明原因");
  });

  it("keeps the provider's own words as it said them, in any reader's language", () => {
    const kept = inboundRefusal("InvalidBox", "Box 2 is too heavy");
    expect(kept).toBe("Box 2 is too heavy (InvalidBox)");
    expect(inboundRefusalIn(kept, chinese)).toBe(kept);
    // A message that only starts like our sentence is the provider's, not ours.
    const alike = inboundRefusal(null, "The provider refused it without saying why, then retried");
    expect(inboundRefusalIn(alike, chinese)).toBe(alike);
  });
});
