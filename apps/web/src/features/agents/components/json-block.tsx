import { cn } from "@/lib/utils";

/** A value shown as indented JSON, inside a collapsible section. */
export function JsonBlock({
  label,
  value,
  defaultOpen = false,
  className,
}: {
  label: string;
  value: unknown;
  defaultOpen?: boolean;
  className?: string;
}) {
  return (
    <details open={defaultOpen} className={cn("group rounded-md border bg-muted/30", className)}>
      <summary className="cursor-pointer select-none px-3 py-1.5 text-xs font-medium text-muted-foreground hover:text-foreground">
        {label}
      </summary>
      <pre className="max-h-72 overflow-auto border-t px-3 py-2 text-[11px] leading-relaxed whitespace-pre-wrap break-all">
        {value === undefined || value === null ? "—" : JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}
