import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { BreadcrumbItem, BreadcrumbLink, BreadcrumbPage, BreadcrumbSeparator } from "@/components/ui/breadcrumb";

export interface TrailCrumb {
  key: string;
  label: ReactNode;
  to: string;
  /** Shown as the current page (not a link). Defaults to being the last crumb. */
  current?: boolean;
}

/**
 * Crumbs joined by separators, each a link except the current page. Renders items only, so a caller
 * can put its own first item (an icon, say) before the trail inside one BreadcrumbList.
 */
export function BreadcrumbTrail({ crumbs, leadingSeparator = false }: { crumbs: TrailCrumb[]; leadingSeparator?: boolean }) {
  return crumbs.map((crumb, index) => (
    <Fragment key={crumb.key}>
      {(leadingSeparator || index > 0) && <BreadcrumbSeparator />}
      <BreadcrumbItem>
        {(crumb.current ?? index === crumbs.length - 1) ? (
          <BreadcrumbPage>{crumb.label}</BreadcrumbPage>
        ) : (
          <BreadcrumbLink asChild>
            <Link to={crumb.to}>{crumb.label}</Link>
          </BreadcrumbLink>
        )}
      </BreadcrumbItem>
    </Fragment>
  ));
}
