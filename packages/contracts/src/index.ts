// Schemas and types shared by the web app and the server (payloads of section 7 of the spec).
export * from "./workspaces.js";
export * from "./extraction.js";
export * from "./files.js";
export * from "./jobs.js";
export * from "./chat.js";
export * from "./auth.js";
