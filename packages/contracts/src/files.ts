import { z } from "zod";

/** A file as listings show it. Both spellings of id, name and size are given (spec, section 3). */
export const FileItem = z.object({
  file_id: z.string(),
  display_name: z.string(),
  size_bytes: z.number(),
  created_at: z.string(),
  /** E-mail of the uploader; null when that account is gone. */
  created_by: z.string().nullable(),
  extension: z.string(),
  content_type: z.string(),
  sha256: z.string(),
  folder_id: z.string().nullable(),
});
export type FileItem = z.infer<typeof FileItem>;

export const FolderItem = z.object({
  id: z.string(),
  /** URL-friendly name, unique among its siblings; usable as a path segment. */
  name: z.string(),
  display_name: z.string(),
  parent_id: z.string().nullable(),
  created_at: z.string(),
});
export type FolderItem = z.infer<typeof FolderItem>;

export const ContentsResponse = z.object({
  folders: z.array(FolderItem),
  files: z.array(FileItem),
});
export type ContentsResponse = z.infer<typeof ContentsResponse>;

export const UploadedFile = z.object({ file_id: z.string(), display_name: z.string() });
export type UploadedFile = z.infer<typeof UploadedFile>;

/** `file_id` is the first (or only) file; `files` lists every file when several were sent. */
export const UploadResponse = z.object({
  file_id: z.string(),
  files: z.array(UploadedFile).optional(),
});
export type UploadResponse = z.infer<typeof UploadResponse>;

export const DownloadResponse = z.object({ url: z.string(), filename: z.string() });
export type DownloadResponse = z.infer<typeof DownloadResponse>;

const FolderName = z.string().max(255);

export const CreateFolderBody = z.object({
  name: FolderName,
  parent_id: z.string().uuid().nullish(),
});
export type CreateFolderBody = z.infer<typeof CreateFolderBody>;

export const RenameFolderBody = z.object({ name: FolderName });
export type RenameFolderBody = z.infer<typeof RenameFolderBody>;

export const ResolveFolderResponse = z.object({ folders: z.array(FolderItem) });
export type ResolveFolderResponse = z.infer<typeof ResolveFolderResponse>;
