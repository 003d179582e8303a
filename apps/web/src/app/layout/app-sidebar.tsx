import { Building2, ChevronsUpDown, ClipboardCheck, LogOut } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from "@/components/ui/sidebar";
import { useAuth } from "@/lib/auth";
import { useWorkspace } from "@/lib/workspace";
import { workspaceIdFromPath } from "@/lib/workspace-path";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";

export const LOGOUT_REDIRECT_DELAY_MS = 100;

function WorkspaceSwitcher() {
  const { workspaces, activeWorkspace, selectWorkspace } = useWorkspace();
  const { setOpenMobile } = useSidebar();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <SidebarMenuButton
          aria-label="Switch workspace"
          tooltip={activeWorkspace?.display_name ?? "Select Workspace"}
          className="h-10 border border-sidebar-border bg-background data-[state=open]:bg-sidebar-accent"
        >
          <Building2 />
          <span className="block max-w-[150px] truncate group-data-[collapsible=icon]:hidden">
            {activeWorkspace?.display_name || (activeWorkspace ? "Untitled workspace" : "Select Workspace")}
          </span>
          <ChevronsUpDown className="ml-auto size-4 opacity-60 group-data-[collapsible=icon]:hidden" />
        </SidebarMenuButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel>Workspaces</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {workspaces.length === 0 ? (
          <div className="px-2 py-1.5 text-sm text-muted-foreground">No workspaces yet</div>
        ) : (
          <DropdownMenuRadioGroup
            value={activeWorkspace?.id ?? ""}
            onValueChange={(id) => {
              selectWorkspace(id);
              setOpenMobile(false);
            }}
          >
            {workspaces.map((workspace) => (
              <DropdownMenuRadioItem key={workspace.id} value={workspace.id}>
                <span className="truncate">{workspace.display_name || "Untitled workspace"}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function AppSidebar() {
  const { user, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { setOpenMobile } = useSidebar();
  const [signingOut, setSigningOut] = useState(false);
  const routeWorkspaceId = workspaceIdFromPath(location.pathname);
  const prefix = routeWorkspaceId ? `/workspaces/${encodeURIComponent(routeWorkspaceId)}` : "";
  const email = user?.email ?? "";

  const logout = async () => {
    setSigningOut(true);
    try {
      const { error } = await signOut();
      if (error) throw error;
      toast.success("Logged Out");
    } catch {
      toast.error("Logout Issue", {
        description: "There was an issue with the logout process, but you have been signed out.",
      });
    } finally {
      setTimeout(() => navigate("/login", { replace: true }), LOGOUT_REDIRECT_DELAY_MS);
    }
  };

  return (
    <Sidebar>
      <SidebarHeader>
        <Link
          to={prefix || "/"}
          className="flex items-center gap-2 rounded-md px-1.5 py-2 text-sidebar-foreground"
          onClick={() => setOpenMobile(false)}
        >
          <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-sidebar-primary text-sidebar-primary-foreground">
            <ClipboardCheck className="size-4" />
          </span>
          <span className="truncate font-semibold tracking-tight group-data-[collapsible=icon]:hidden">
            Evidence Workbench
          </span>
        </Link>
        <WorkspaceSwitcher />
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Navigation</SidebarGroupLabel>
          <nav aria-label="Main">
            <SidebarMenu>
              {NAV_ITEMS.map((item) => {
                const to = `${prefix}${item.path}`;
                const active = isNavItemActive(location.pathname, to);
                return (
                  <SidebarMenuItem key={item.path}>
                    <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                      <Link to={to} aria-current={active ? "page" : undefined} onClick={() => setOpenMobile(false)}>
                        <item.icon />
                        <span className="group-data-[collapsible=icon]:hidden">{item.title}</span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </nav>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <div className="flex items-center gap-2 px-1 py-1 group-data-[collapsible=icon]:flex-col group-data-[collapsible=icon]:px-0">
          <Avatar className="size-8 rounded-md" title={email || undefined}>
            <AvatarFallback className="rounded-md bg-sidebar-primary text-sidebar-primary-foreground">
              {email ? email[0].toUpperCase() : "?"}
            </AvatarFallback>
          </Avatar>
          <span className="min-w-0 flex-1 truncate text-sm group-data-[collapsible=icon]:hidden" title={email}>
            {email}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={logout}
            disabled={signingOut}
            className="px-2 group-data-[collapsible=icon]:size-8"
            aria-label="Logout"
          >
            <LogOut />
            <span className="group-data-[collapsible=icon]:hidden">Logout</span>
          </Button>
        </div>
      </SidebarFooter>
    </Sidebar>
  );
}
