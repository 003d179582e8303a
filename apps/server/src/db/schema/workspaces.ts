import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

export const workspaces = pgTable(
  "workspaces",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    type: text("type").notNull().default("personal"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("workspaces_owner_idx").on(t.ownerId),
    // One personal workspace per user, so ensuring it twice at once cannot make two.
    uniqueIndex("workspaces_one_personal_per_owner").on(t.ownerId).where(sql`${t.type} = 'personal'`),
  ],
);

export type Workspace = typeof workspaces.$inferSelect;
