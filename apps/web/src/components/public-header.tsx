import { ClipboardCheck } from "lucide-react";
import { Link } from "react-router";
import { cn } from "@/lib/utils";

/** The top bar of the public pages (privacy policy, release notes): the product name and one link. */
export function PublicHeader({
  link,
  sticky = false,
  contentClassName,
}: {
  link: { to: string; label: string };
  sticky?: boolean;
  /** Width of the bar's content, to line up with the page below it. */
  contentClassName?: string;
}) {
  return (
    <header className={cn("border-b bg-background", sticky && "sticky top-0 z-10 bg-background/95 backdrop-blur")}>
      <div className={cn("mx-auto flex items-center justify-between px-6 py-4", contentClassName)}>
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <ClipboardCheck className="size-5 text-primary" /> Evidence Workbench
        </Link>
        <Link to={link.to} className="text-sm text-muted-foreground hover:text-foreground">
          {link.label}
        </Link>
      </div>
    </header>
  );
}
