import type { FolderItem } from "@workbench/contracts";
import { BreadcrumbTrail } from "@/components/breadcrumb-trail";
import { Breadcrumb, BreadcrumbList } from "@/components/ui/breadcrumb";

/** "All files / FY2025 / Payroll": each folder links to its own listing. */
export function FolderBreadcrumb({ chain, hrefFor }: { chain: FolderItem[]; hrefFor: (depth: number) => string }) {
  const crumbs = [
    { key: "root", label: "All files", to: hrefFor(0) },
    ...chain.map((folder, index) => ({ key: folder.id, label: folder.display_name, to: hrefFor(index + 1) })),
  ];
  return (
    <Breadcrumb aria-label="Folder path">
      <BreadcrumbList>
        <BreadcrumbTrail crumbs={crumbs} />
      </BreadcrumbList>
    </Breadcrumb>
  );
}
