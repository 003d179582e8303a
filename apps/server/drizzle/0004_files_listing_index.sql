DROP INDEX "files_listing_idx";--> statement-breakpoint
DROP INDEX "files_folder_idx";--> statement-breakpoint
CREATE INDEX "files_folder_listing_idx" ON "files" USING btree ("folder_id","workspace_id",lower("display_name"),"id");