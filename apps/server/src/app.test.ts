import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestContext, type TestContext } from "../test/harness.js";

describe("request logging", () => {
  let ctx: TestContext | undefined;
  afterEach(async () => ctx?.close());

  it("logs request paths without their query strings, which may carry one-time tokens", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    ctx = await createTestContext({ LOG_LEVEL: "info" });
    await ctx.app.inject({ method: "GET", url: "/auth/v1/verify?token=secret-token-123&type=signup" });
    vi.restoreAllMocks();

    const requestLines = lines.filter((line) => line.includes("incoming request"));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.join("")).toContain("/auth/v1/verify?…");
    expect(lines.join("")).not.toContain("secret-token-123");
  });
});
