import { describe, expect, it } from "vitest";
import {
  applyWorkspaceToPath,
  chooseWorkspace,
  stripWorkspace,
  type Workspace,
  workspaceIdFromPath,
} from "./workspace-path";

const a: Workspace = { id: "aaaaaaaa-0000-4000-8000-000000000001", display_name: "Alpha" };
const b: Workspace = { id: "bbbbbbbb-0000-4000-8000-000000000002", display_name: "Beta" };
const c: Workspace = { id: "cccccccc-0000-4000-8000-000000000003", display_name: "Gamma" };
const all = [a, b, c];

describe("chooseWorkspace", () => {
  it("prefers the workspace named in the route", () => {
    expect(chooseWorkspace({ workspaces: all, routeId: c.id, currentId: b.id, storedActive: a, lastId: a.id })).toBe(c);
  });

  it("keeps the current workspace when the route names none", () => {
    expect(chooseWorkspace({ workspaces: all, currentId: b.id, storedActive: a, lastId: c.id })).toBe(b);
  });

  it("falls back to the stored active workspace when the current one left the list", () => {
    expect(chooseWorkspace({ workspaces: [a, c], currentId: b.id, storedActive: c, lastId: a.id })).toBe(c);
  });

  it("falls back to the stored last id, then to the first workspace", () => {
    expect(chooseWorkspace({ workspaces: all, storedActive: null, lastId: b.id })).toBe(b);
    expect(
      chooseWorkspace({ workspaces: all, storedActive: { id: "gone", display_name: "Gone" }, lastId: "gone" }),
    ).toBe(a);
  });

  it("ignores a route id that is not one of the user's workspaces", () => {
    expect(chooseWorkspace({ workspaces: all, routeId: "someone-elses", currentId: b.id })).toBe(b);
  });

  it("clears the choice when there are no workspaces", () => {
    expect(chooseWorkspace({ workspaces: [], routeId: a.id, storedActive: a, lastId: a.id })).toBeNull();
  });
});

describe("the workspace path rule", () => {
  it("prefixes a path without a workspace segment", () => {
    expect(applyWorkspaceToPath("/files", a.id)).toBe(`/workspaces/${a.id}/files`);
    expect(applyWorkspaceToPath("/controls/42/edit", a.id)).toBe(`/workspaces/${a.id}/controls/42/edit`);
  });

  it("omits the trailing slash for the index", () => {
    expect(applyWorkspaceToPath("/", a.id)).toBe(`/workspaces/${a.id}`);
    expect(applyWorkspaceToPath(`/workspaces/${b.id}/`, a.id)).toBe(`/workspaces/${a.id}`);
  });

  it("replaces a different workspace id", () => {
    expect(applyWorkspaceToPath(`/workspaces/${b.id}/files`, a.id)).toBe(`/workspaces/${a.id}/files`);
    expect(applyWorkspaceToPath(`/workspaces/${b.id}`, a.id)).toBe(`/workspaces/${a.id}`);
  });

  it("reads and strips the workspace segment", () => {
    expect(workspaceIdFromPath(`/workspaces/${b.id}/toe`)).toBe(b.id);
    expect(workspaceIdFromPath("/toe")).toBeUndefined();
    expect(stripWorkspace(`/workspaces/${b.id}/toe`)).toBe("/toe");
    expect(stripWorkspace(`/workspaces/${b.id}`)).toBe("/");
  });
});
