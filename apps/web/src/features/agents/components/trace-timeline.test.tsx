import type { Job, Trace } from "@workbench/contracts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { JobStatusSummary } from "./job-status-summary";
import { TraceTimeline } from "./trace-timeline";

function trace(overrides: Partial<Trace>): Trace {
  return {
    id: crypto.randomUUID(),
    job_id: "job-1",
    step: "ai.extractItems",
    inputs: { image: { file_id: "file-1" }, queries: ["total"] },
    output: { items: [{ query: "total", answer: "$5.00" }] },
    model: "gpt-4o",
    provider: "openai",
    prompt_tokens: 800,
    completion_tokens: 40,
    total_tokens: 840,
    latency_ms: 1250,
    error: null,
    created_at: "2026-11-21T10:00:00.000Z",
    ...overrides,
  };
}

describe("TraceTimeline", () => {
  it("shows each step with its model, latency and tokens, inputs and output collapsed", async () => {
    render(<TraceTimeline traces={[trace({})]} />);
    const step = screen.getByRole("article", { name: "Step 1: ai.extractItems" });
    expect(step).toHaveTextContent("openai · gpt-4o");
    expect(step).toHaveTextContent("1.3 s");
    expect(step).toHaveTextContent("840 tokens (800 in / 40 out)");
    const output = within(step).getByText("Output").closest("details")!;
    expect(output).not.toHaveAttribute("open");
    await userEvent.click(within(step).getByText("Output"));
    expect(output).toHaveAttribute("open");
    expect(output).toHaveTextContent("$5.00");
  });

  it("highlights a failed step in red with its error", () => {
    render(
      <TraceTimeline traces={[trace({}), trace({ step: "ai.chat", error: "The AI provider answered 500: down" })]} />,
    );
    const failed = screen.getByRole("article", { name: "Step 2: ai.chat" });
    expect(within(failed).getByRole("alert")).toHaveTextContent("The AI provider answered 500: down");
    expect(failed.className).toMatch(/border-red/);
    expect(screen.getByRole("article", { name: "Step 1: ai.extractItems" }).className).not.toMatch(/border-red/);
  });

  it("says so when no step was recorded yet", () => {
    render(<TraceTimeline traces={[]} />);
    expect(screen.getByText("No steps recorded yet.")).toBeInTheDocument();
  });
});

describe("JobStatusSummary", () => {
  it("counts jobs by status", () => {
    const job = (status: Job["status"]) => ({ status }) as Job;
    render(<JobStatusSummary jobs={[job("completed"), job("completed"), job("failed"), job("running")]} />);
    const summary = screen.getByRole("region", { name: "Run status" });
    expect(summary).toHaveTextContent("Running 1");
    expect(summary).toHaveTextContent("Completed 2");
    expect(summary).toHaveTextContent("Failed 1");
    expect(summary).toHaveTextContent("4 jobs");
  });
});
