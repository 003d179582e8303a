import { type AnyPgColumn, bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users.js";
import { workspaces } from "./workspaces.js";

/** Folders nest to any depth; a root folder has no parent. */
export const folders = pgTable(
  "folders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => folders.id, { onDelete: "cascade" }),
    /** URL-friendly form of the display name, unique among siblings (see decision 040). */
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Root folders have a NULL parent; coalesce makes them siblings for the uniqueness rule.
    uniqueIndex("folders_unique_name_per_parent").on(
      t.workspaceId,
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.name,
    ),
    index("folders_parent_idx").on(t.parentId),
  ],
);

export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    folderId: uuid("folder_id").references(() => folders.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    extension: text("extension").notNull().default(""),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Serves a folder listing in display order without a sort step; folder_id leads so the same
    // index also serves the ON DELETE CASCADE from folders.
    index("files_folder_listing_idx").on(t.folderId, t.workspaceId, sql`lower(${t.displayName})`, t.id),
  ],
);

export type Folder = typeof folders.$inferSelect;
export type StoredFile = typeof files.$inferSelect;
export type NewStoredFile = typeof files.$inferInsert;
