// One file per domain; each feature adds its tables in its own file and exports them here.
export * from "./users.js";
export * from "./workspaces.js";
export * from "./jobs.js";
export * from "./files.js";
export * from "./auth.js";
