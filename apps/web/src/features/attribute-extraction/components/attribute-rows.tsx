import { PlusIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

interface AttributeRowsProps {
  rows: string[];
  onChange(rows: string[]): void;
  /** "Item" or "Attribute": names each row for screen readers and placeholders. */
  noun: string;
  disabled?: boolean;
}

/** Editable rows that never drop below one: removing the last row empties it instead. */
export function AttributeRows({ rows, onChange, noun, disabled }: AttributeRowsProps) {
  return (
    <div className="flex flex-col gap-2">
      {rows.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their position
        <div key={index} className="flex items-center gap-2">
          <Input
            aria-label={`${noun} ${index + 1}`}
            placeholder={noun === "Item" ? "e.g. invoice number" : "e.g. approved by a manager"}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(rows.map((r, i) => (i === index ? event.target.value : r)))}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
            disabled={disabled}
            onClick={() => onChange(removeRow(rows, index))}
          >
            <XIcon />
          </Button>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={disabled}
        onClick={() => onChange([...rows, ""])}
      >
        <PlusIcon /> Add {noun}
      </Button>
    </div>
  );
}

export function removeRow(rows: string[], index: number): string[] {
  const next = rows.filter((_, i) => i !== index);
  return next.length > 0 ? next : [""];
}

/** Rows with text, trimmed; blank rows are ignored on submit (spec section 5). */
export function filledRows(rows: string[]): string[] {
  return rows.map((r) => r.trim()).filter((r) => r.length > 0);
}
