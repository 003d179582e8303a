import { z } from "zod";
import { getFileForUser } from "../../services/files.js";
import { defineJob } from "../define-job.js";

export const ExtractItemsPayload = z.object({
  workspace_id: z.uuid(),
  file_id: z.uuid(),
  queries: z
    .array(z.string().trim().min(1).max(200))
    .min(1, "Please specify at least one item to extract.")
    .max(50)
    .transform((queries) => queries.map((q) => q.toLowerCase())),
});

/** Finds the requested items on an evidence image of the workspace and marks where they are. */
export const extractItemsJob = defineJob({
  name: "extract-items",
  public: true,
  schema: ExtractItemsPayload,
  handler: async (payload, ctx) => {
    await ctx.progress(5, "Reading the file");
    const file = await getFileForUser(ctx.deps, ctx.userId, payload.workspace_id, payload.file_id);
    const image = await file.readBuffer();
    await ctx.progress(20, `Finding ${payload.queries.length} item(s)`);
    const ai = ctx.aiFor({ file_id: payload.file_id });
    const { items, model, provider } = await ai.extractItems(image, payload.queries);
    await ctx.progress(100, `Found ${items.filter((i) => i.answer).length} of ${items.length}`);
    return { file_id: payload.file_id, provider, model, items };
  },
});
