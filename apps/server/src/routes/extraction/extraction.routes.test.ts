import { pathToFileURL } from "node:url";
import { EVIDENCE_DEV_DIR } from "../../../test/fixtures.js";
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, type TestUser } from "../../../test/factories.js";
import { createTestContext, type TestContext } from "../../../test/harness.js";
import { chatCompletionBody, type OpenAiStub, startOpenAiStub, stubbedAiEnv } from "../../../test/openai-stub.js";
import type { Workspace } from "../../db/schema/index.js";
import { findJob } from "../../repositories/jobs.js";
import { listTracesOfJob } from "../../repositories/traces.js";
import { multipartBody } from "../files/multipart-body.js";

const FIXTURES = pathToFileURL(`${EVIDENCE_DEV_DIR}/`);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES));
const truth = JSON.parse(readFileSync(new URL("invoice-000.json", FIXTURES), "utf8")) as {
  fields: { query: string; answer: string; box: { x: number; y: number; width: number; height: number } }[];
};
const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

type Provider = "local" | "openai";

/** The stub answers like a vision model: the ground truth for extraction, a scripted verdict for judgement. */
function stubVisionModel(stub: OpenAiStub) {
  stub.setDefault((request) => {
    const system = String(request.body?.messages?.[0]?.content ?? "");
    const userText = String(request.body?.messages?.[1]?.content?.[0]?.text ?? "");
    if (system.includes("find requested items")) {
      const asked = userText
        .split("\n")
        .slice(1)
        .map((line) => line.replace(/^\d+\.\s*/, ""));
      const results = asked.map((query) => {
        const field = truth.fields.find((f) => f.query === query);
        if (!field) return { query, answer: "", box: { x: 0, y: 0, width: 0, height: 0 } };
        // "supplier" comes back partly outside the image, which the API must clamp.
        const box = query === "supplier" ? { ...field.box, x: -0.2, width: 1.7 } : field.box;
        return { query, answer: field.answer, box };
      });
      return { body: chatCompletionBody(JSON.stringify({ results }), { model: request.body.model }) };
    }
    const attributes = userText
      .split("Testing attributes:\n")[1]!
      .split("\n")
      .map((line) => line.replace(/^\d+\.\s*/, ""));
    const verdict = {
      attributes: attributes.map((attribute, i) => ({
        attribute,
        status: i === 0 ? "pass" : "fail",
        reasoning: `Checked ${attribute}.`,
        tick_marks: [{ label: "A", text: truth.fields[i]!.answer, box: truth.fields[i]!.box }],
      })),
      conclusion: "One attribute passed.",
    };
    return { body: chatCompletionBody(JSON.stringify(verdict), { model: request.body.model }) };
  });
}

describe.each<Provider>(["local", "openai"])("attribute extraction API with the %s engine", (provider) => {
  let ctx: TestContext;
  let stub: OpenAiStub | undefined;
  let owner: TestUser;
  let workspace: Workspace;
  let stranger: TestUser;
  let strangersWorkspace: Workspace;
  let invoiceId: string;
  let strangersFileId: string;

  async function upload(name: string, data: Buffer, as: TestUser, workspaceId: string): Promise<string> {
    const body = multipartBody([{ filename: name, data }]);
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/workspaces/${workspaceId}/files`,
      headers: { ...as.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().file_id;
  }

  const post = (path: string, payload: unknown, as: TestUser = owner, workspaceId = workspace.id) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/v1/workspaces/${workspaceId}/${path}`,
      headers: as.headers,
      payload: payload as object,
    });

  beforeAll(async () => {
    if (provider === "openai") {
      stub = await startOpenAiStub();
      stubVisionModel(stub);
    }
    ctx = await createTestContext(
      provider === "openai" ? stubbedAiEnv(stub!) : { AI_PROVIDER: "local", OCR_WORKERS: "1" },
    );
    owner = await buildUser(ctx);
    workspace = await buildWorkspace(ctx, owner.user);
    stranger = await buildUser(ctx);
    strangersWorkspace = await buildWorkspace(ctx, stranger.user);
    invoiceId = await upload("invoice-000.jpg", fixture("invoice-000.jpg"), owner, workspace.id);
    strangersFileId = await upload("invoice-004.png", fixture("invoice-004.png"), stranger, strangersWorkspace.id);
  });
  afterAll(async () => {
    await ctx?.close();
    await stub?.close();
  });

  describe("query", () => {
    it("answers one result per query, in order, with the value and where it is", async () => {
      const queries = ["Amount Due", "invoice number", "supplier"];
      const res = await post("query", { file_id: invoiceId, user_queries: queries });
      expect(res.statusCode, res.body).toBe(200);
      const { results } = res.json();
      expect(results.map((r: { query: string }) => r.query)).toEqual(["amount due", "invoice number", "supplier"]);
      for (const result of results) {
        const expected = truth.fields.find((f) => f.query === result.query)!;
        expect(normalise(result.answer)).toContain(normalise(expected.answer));
        expect(result.confidence).toBeGreaterThan(0);
        expect(result.confidence).toBeLessThanOrEqual(1);
        for (const value of Object.values(result.box) as number[]) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
        // The box lies on the value's line.
        const centreY = result.box.y + result.box.height / 2;
        expect(Math.abs(centreY - (expected.box.y + expected.box.height / 2))).toBeLessThan(0.05);
      }
    });

    it("answers an empty, zero-confidence result for an item that is not on the image", async () => {
      const res = await post("query", { file_id: invoiceId, user_queries: ["email address"] });
      expect(res.statusCode, res.body).toBe(200);
      const [result] = res.json().results;
      expect(result).toMatchObject({ query: "email address", answer: "", confidence: 0 });
    });

    it("records the call as a completed job with a trace of the AI step", async () => {
      const res = await post("query", { file_id: invoiceId, user_queries: ["invoice date"] });
      const { job_id } = res.json();
      const job = await findJob(ctx.database.db, job_id);
      expect(job).toMatchObject({
        kind: "extraction.query",
        status: "completed",
        userId: owner.user.id,
        workspaceId: workspace.id,
      });
      const traces = await listTracesOfJob(ctx.database.db, job_id);
      expect(traces.map((t) => t.step)).toContain("ai.extractItems");
      expect(traces[0]!.provider).toBe(provider);
    });

    it("refuses a request without items with 400", async () => {
      const res = await post("query", { file_id: invoiceId, user_queries: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/at least one item/);
    });

    it("refuses a file that is not an image with 415", async () => {
      const textId = await upload("notes.txt", Buffer.from("approved by: nobody\n"), owner, workspace.id);
      const res = await post("query", { file_id: textId, user_queries: ["approved by"] });
      expect(res.statusCode).toBe(415);
      expect(res.json().detail).toMatch(/not an image/);
    });

    it("answers 404 for another user's file, through their workspace or our own", async () => {
      const inOurs = await post("query", { file_id: strangersFileId, user_queries: ["total"] });
      expect(inOurs.statusCode).toBe(404);
      const inTheirs = await post(
        "query",
        { file_id: strangersFileId, user_queries: ["total"] },
        owner,
        strangersWorkspace.id,
      );
      expect(inTheirs.statusCode).toBe(404);
    });

    it("answers 401 without a session", async () => {
      const res = await ctx.app.inject({
        method: "POST",
        url: `/api/v1/workspaces/${workspace.id}/query`,
        payload: { file_id: invoiceId, user_queries: ["total"] },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe("analyze and retest", () => {
    const attributes = ["the invoice is approved", "the amount due is recorded"];

    it("judges each attribute as a job and answers statuses, reasoning and lettered tick marks", async () => {
      const res = await post("analyze", {
        file_id: invoiceId,
        control_description: "Invoices are approved before payment.",
        attributes: [...attributes, "   "],
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.attributes.map((a: { attribute: string }) => a.attribute)).toEqual(attributes);
      for (const a of body.attributes) {
        expect(["pass", "fail", "inconclusive"]).toContain(a.status);
        expect(a.reasoning.length).toBeGreaterThan(0);
      }
      expect(typeof body.conclusion).toBe("string");
      expect(body.tick_marks.map((t: { label: string }) => t.label)).toEqual(
        body.tick_marks.map((_: unknown, i: number) => String.fromCharCode(65 + i)),
      );
      const job = await findJob(ctx.database.db, body.job_id);
      expect(job).toMatchObject({ kind: "extraction.analyze", status: "completed" });
      const traces = await listTracesOfJob(ctx.database.db, body.job_id);
      expect(traces.map((t) => t.step)).toContain("ai.judgeAttributes");
      if (provider === "openai") {
        expect(body.attributes.map((a: { status: string }) => a.status)).toEqual(["pass", "fail"]);
        expect(body.tick_marks).toHaveLength(2);
        expect(body.tick_marks[1]).toMatchObject({ label: "B", text: truth.fields[1]!.answer });
      }
    });

    it("retests the remembered description and attributes and answers tick marks", async () => {
      const res = await post("retest", {
        file_id: invoiceId,
        control_description: "Invoices are approved before payment.",
        test_attributes: attributes,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Array.isArray(body.tick_marks)).toBe(true);
      expect(body.attributes).toHaveLength(2);
      expect((await findJob(ctx.database.db, body.job_id))?.kind).toBe("extraction.retest");
    });

    it("refuses an analysis whose attributes are all blank with 400", async () => {
      const res = await post("analyze", { file_id: invoiceId, control_description: "x", attributes: ["", "  "] });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/non-empty attribute/);
    });

    it("refuses a retest without a control description with 400", async () => {
      const res = await post("retest", { file_id: invoiceId, control_description: "", test_attributes: attributes });
      expect(res.statusCode).toBe(400);
    });

    it("answers 404 for another user's file and queues no job", async () => {
      const res = await post("analyze", { file_id: strangersFileId, control_description: "x", attributes });
      expect(res.statusCode).toBe(404);
      const retest = await post(
        "retest",
        { file_id: invoiceId, control_description: "x", test_attributes: attributes },
        stranger,
      );
      expect(retest.statusCode).toBe(404);
    });
  });

  describe("export_excel", () => {
    async function openWorkbook(body: Buffer) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
      return workbook;
    }

    it("answers a workpaper with the annotated image, the items and their coordinates", async () => {
      const res = await post("export_excel", {
        file_id: invoiceId,
        boxes: [
          {
            label: "A",
            x: 0.0686,
            y: 0.1665,
            width: 0.1332,
            height: 0.0176,
            text: "Ivan Nwosu",
            description: "approved by",
            confidence: 0.9,
          },
          { label: "B", x: -0.3, y: 0.5, width: 1.8, height: 0, text: "clamped" },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toContain("spreadsheetml");
      const today = new Date().toISOString().slice(0, 10);
      expect(res.headers["content-disposition"]).toContain(
        `attachment; filename="invoice-000-extraction-${today}.xlsx"`,
      );

      const workbook = await openWorkbook(res.rawPayload);
      expect(workbook.worksheets[0]!.getImages()).toHaveLength(1);
      const items = workbook.getWorksheet("Items")!;
      const rows = new Map<string, unknown[]>();
      items.eachRow((row) => rows.set(String(row.getCell(1).value), (row.values as unknown[]).slice(1)));
      expect(rows.get("A")).toEqual([
        "A",
        "Ivan Nwosu",
        "approved by",
        0.9,
        0.0686,
        0.1665,
        0.1332,
        0.0176,
        69,
        151,
        134,
        16,
      ]);
      expect(rows.get("B")!.slice(4, 8)).toEqual([0, 0.5, 1, 0.000001]);
      expect(rows.get("Source file")?.[1]).toBe("invoice-000.jpg");
      expect(rows.get("Exported by")?.[1]).toBe(owner.user.email);
      expect(String(rows.get("SHA-256")?.[1])).toMatch(/^[0-9a-f]{64}$/);
    });

    it("refuses an export without boxes with 400", async () => {
      const res = await post("export_excel", { file_id: invoiceId, boxes: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/At least one box/);
    });

    it("answers the spec's messages when the file or workspace id is missing", async () => {
      const box = { label: "A", x: 0.1, y: 0.1, width: 0.1, height: 0.1 };
      const noFile = await post("export_excel", { boxes: [box] });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().detail).toBe("File ID is required for Excel export");
      const noWorkspace = await post("export_excel", { file_id: invoiceId, boxes: [box] }, owner, "undefined");
      expect(noWorkspace.statusCode).toBe(400);
      expect(noWorkspace.json().detail).toBe("Workspace ID is required for Excel export");
    });

    it("answers 404 for another user's file or workspace and 415 for a non-image", async () => {
      const box = { label: "A", x: 0.1, y: 0.1, width: 0.1, height: 0.1 };
      expect((await post("export_excel", { file_id: strangersFileId, boxes: [box] })).statusCode).toBe(404);
      expect((await post("export_excel", { file_id: invoiceId, boxes: [box] }, stranger)).statusCode).toBe(404);
      const csvId = await upload("list.csv", Buffer.from("a,b\n1,2\n"), owner, workspace.id);
      expect((await post("export_excel", { file_id: csvId, boxes: [box] })).statusCode).toBe(415);
    });
  });
});
