import type { FolderItem } from "@workbench/contracts";
import { Fragment } from "react";
import { Link } from "react-router";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "@/components/ui/breadcrumb";

/** "All files / FY2025 / Payroll": each folder links to its own listing. */
export function FolderBreadcrumb({ chain, hrefFor }: { chain: FolderItem[]; hrefFor: (depth: number) => string }) {
  return (
    <Breadcrumb aria-label="Folder path">
      <BreadcrumbList>
        <BreadcrumbItem>
          {chain.length === 0 ? (
            <BreadcrumbPage>All files</BreadcrumbPage>
          ) : (
            <BreadcrumbLink asChild>
              <Link to={hrefFor(0)}>All files</Link>
            </BreadcrumbLink>
          )}
        </BreadcrumbItem>
        {chain.map((folder, index) => (
          <Fragment key={folder.id}>
            <BreadcrumbSeparator />
            <BreadcrumbItem>
              {index === chain.length - 1 ? (
                <BreadcrumbPage>{folder.display_name}</BreadcrumbPage>
              ) : (
                <BreadcrumbLink asChild>
                  <Link to={hrefFor(index + 1)}>{folder.display_name}</Link>
                </BreadcrumbLink>
              )}
            </BreadcrumbItem>
          </Fragment>
        ))}
      </BreadcrumbList>
    </Breadcrumb>
  );
}
