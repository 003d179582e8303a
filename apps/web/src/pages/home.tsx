import {
  ArrowRight,
  Bot,
  FileSearch,
  FolderOpen,
  GitCompareArrows,
  ScanText,
  ShieldCheck,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/auth";
import { useWorkspace } from "@/lib/workspace";

type Destination = { title: string; description: string; path: string; icon: LucideIcon };

const DESTINATIONS: Destination[] = [
  {
    title: "Files",
    description: "Upload and organise evidence: screenshots, reports, logs and PDFs.",
    path: "/files",
    icon: FolderOpen,
  },
  {
    title: "Attribute Extraction",
    description: "Find requested items in an evidence image and mark where they are.",
    path: "/attribute-extraction",
    icon: ScanText,
  },
  {
    title: "Agents",
    description: "Let an agent test evidence against control attributes.",
    path: "/agents",
    icon: Bot,
  },
  {
    title: "Controls",
    description: "Define controls, test procedures and templates.",
    path: "/controls",
    icon: ShieldCheck,
  },
  {
    title: "Test of Effectiveness",
    description: "Batch-test samples and produce tick-marked workpapers.",
    path: "/toe",
    icon: FileSearch,
  },
  {
    title: "CUEC Mapping",
    description: "Map a SOC 1 report's user entity controls to your own.",
    path: "/cuec-mapping",
    icon: GitCompareArrows,
  },
];

export default function HomePage() {
  const { user } = useAuth();
  const { activeWorkspace, loading, workspacePath } = useWorkspace();
  return (
    <div className="mx-auto grid max-w-5xl gap-8">
      <section className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {loading || !activeWorkspace ? (
            <Skeleton className="h-8 w-64" />
          ) : (
            <h1 className="text-2xl font-semibold tracking-tight">{activeWorkspace.display_name || "Workspace"}</h1>
          )}
          {activeWorkspace?.type && (
            <Badge variant="secondary" className="capitalize">
              {activeWorkspace.type}
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          Signed in as {user?.email}. Pick up where your testing left off.
        </p>
      </section>
      <section aria-labelledby="home-destinations" className="grid gap-3">
        <h2 id="home-destinations" className="text-sm font-medium text-muted-foreground">
          Work in this workspace
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {DESTINATIONS.map((item) => (
            <Link
              key={item.path}
              to={workspacePath(item.path)}
              className="group rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Card className="h-full gap-3 transition-colors group-hover:border-primary/40 group-hover:bg-accent/40">
                <CardHeader className="gap-3">
                  <div className="flex items-center justify-between">
                    <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <item.icon className="size-5" />
                    </span>
                    <ArrowRight className="size-4 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100" />
                  </div>
                  <CardTitle>{item.title}</CardTitle>
                  <CardDescription>{item.description}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
