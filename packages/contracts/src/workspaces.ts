import { z } from "zod";

export const Workspace = z.object({
  id: z.string().uuid(),
  display_name: z.string(),
  type: z.string(),
  created_at: z.string(),
});
export type Workspace = z.infer<typeof Workspace>;

export const CreateWorkspaceBody = z.object({
  display_name: z.string().trim().min(1).max(200).optional(),
});
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBody>;
