import { Bot, FolderOpen, type LucideIcon, Plug, ScanText, ShieldCheck, Workflow } from "lucide-react";

export type NavItem = { title: string; path: string; icon: LucideIcon };

export const NAV_ITEMS: NavItem[] = [
  { title: "Controls", path: "/controls", icon: ShieldCheck },
  { title: "Files", path: "/files", icon: FolderOpen },
  { title: "Workflows", path: "/workflows", icon: Workflow },
  { title: "Agents", path: "/agents", icon: Bot },
  { title: "Attribute Extraction", path: "/attribute-extraction", icon: ScanText },
  { title: "Integrations", path: "/integrations", icon: Plug },
];

/** An item is highlighted when the path equals it or lies beneath it. */
export function isNavItemActive(pathname: string, itemPath: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}

const SEGMENT_LABELS: Record<string, string> = {
  controls: "Controls",
  files: "Files",
  workflows: "Workflows",
  agents: "Agents",
  integrations: "Integrations",
  "attribute-extraction": "Attribute Extraction",
  feedback: "Feedback",
  toe: "Test of Effectiveness",
  narratives: "Narratives",
  "soc1-analyzer": "SOC 1 Analyzer",
  "cuec-mapping": "CUEC Mapping",
  "walk-through-analyzer": "Walk-through Analyzer",
  new: "New",
  edit: "Edit",
};

export type Crumb = { label: string; path: string };

/**
 * Pages whose deeper path segments are URL names of the user's own records (folder names, say):
 * the page shows those with their display names in its own breadcrumb, so the top one stops here.
 */
const PAGES_WITH_OWN_TRAIL = ["/files"];

/** Breadcrumb items after home and Workflows, for a path without its workspace prefix. */
export function pageCrumbs(pathWithoutWorkspace: string): Crumb[] {
  const segments = pathWithoutWorkspace.split("/").filter(Boolean);
  const crumbs: Crumb[] = [];
  let path = "";
  for (const segment of segments) {
    path += `/${segment}`;
    if (path === "/workflows") continue;
    const decoded = decodeURIComponent(segment);
    crumbs.push({ label: SEGMENT_LABELS[segment] ?? decoded, path });
    if (PAGES_WITH_OWN_TRAIL.includes(path)) break;
  }
  return crumbs;
}
