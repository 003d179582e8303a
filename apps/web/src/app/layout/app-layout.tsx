import { Home } from "lucide-react";
import { Suspense, useEffect } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { BreadcrumbTrail, type TrailCrumb } from "@/components/breadcrumb-trail";
import { Breadcrumb, BreadcrumbItem, BreadcrumbLink, BreadcrumbList } from "@/components/ui/breadcrumb";
import { Separator } from "@/components/ui/separator";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "@/components/ui/sidebar";
import { Spinner } from "@/components/ui/spinner";
import { useWorkspace } from "@/lib/workspace";
import { applyWorkspaceToPath, stripWorkspace, workspaceIdFromPath } from "@/lib/workspace-path";
import { AppSidebar } from "./app-sidebar";
import { pageCrumbs } from "./nav-items";

function AppBreadcrumb() {
  const location = useLocation();
  const { workspacePath } = useWorkspace();
  const page = stripWorkspace(location.pathname);
  const crumbs: TrailCrumb[] = [
    // Workflows is the current page only on /workflows itself; on home it stays a link.
    { key: "/workflows", label: "Workflows", to: workspacePath("/workflows"), current: page === "/workflows" },
    ...pageCrumbs(page).map((crumb) => ({ key: crumb.path, label: crumb.label, to: workspacePath(crumb.path) })),
  ];
  return (
    <Breadcrumb>
      <BreadcrumbList>
        <BreadcrumbItem>
          <BreadcrumbLink asChild>
            <Link to={workspacePath("/")} aria-label="Home">
              <Home className="size-4" />
            </Link>
          </BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbTrail crumbs={crumbs} leadingSeparator />
      </BreadcrumbList>
    </Breadcrumb>
  );
}

/** Keeps the active workspace id in the URL (the workspace path rule). */
function useWorkspaceInPath() {
  const { activeWorkspace } = useWorkspace();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!activeWorkspace) return;
    if (workspaceIdFromPath(location.pathname) === activeWorkspace.id) return;
    navigate(`${applyWorkspaceToPath(location.pathname, activeWorkspace.id)}${location.search}${location.hash}`, {
      replace: true,
    });
  }, [activeWorkspace, location.pathname, location.search, location.hash, navigate]);
}

export function AppLayout() {
  useWorkspaceInPath();
  return (
    <SidebarProvider>
      <AppSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-[5] flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-2 h-4!" />
          <AppBreadcrumb />
        </header>
        <div className="flex-1 p-4 md:p-6">
          <Suspense
            fallback={
              <div className="flex min-h-[40vh] items-center justify-center">
                <Spinner className="size-6 text-muted-foreground" label="Loading page" />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
