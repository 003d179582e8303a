import type { ExtractionAttributeResult } from "@workbench/contracts";
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  CheckCircle2Icon,
  EyeIcon,
  FileSpreadsheetIcon,
  PencilIcon,
  RotateCcwIcon,
  RefreshCwIcon,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { type FractionBox, type ImageLayout, truncateLabel } from "../lib/box-geometry";
import { itemColor } from "../lib/item-colors";
import { ImageStepLayout } from "./image-step-layout";

/** One marked item on the results image (spec "Derived item"). */
export interface ResultItem {
  id: string;
  text: string;
  description: string;
  confidence: number | null;
  box: FractionBox;
}

export interface AnalysisSummary {
  attributes: ExtractionAttributeResult[];
  conclusion: string;
}

interface ResultsStepProps {
  imageUrl: string;
  imageName: string;
  items: ResultItem[];
  notFound: string[];
  analysis: AnalysisSummary | null;
  mode: "view" | "edit";
  onModeChange(mode: "view" | "edit"): void;
  selectedId: string | null;
  onSelect(id: string | null): void;
  onChangeBox(id: string, box: FractionBox): void;
  onLayout(layout: ImageLayout | null): void;
  onLayoutError(message: string): void;
  processing: boolean;
  exporting: boolean;
  complete: boolean;
  onBack(): void;
  onReset(): void;
  onRetest(): void;
  onNext(): void;
  onExport(): void;
}

const STATUS_STYLES: Record<string, string> = {
  pass: "bg-green-100 text-green-800 border-green-200",
  fail: "bg-red-100 text-red-800 border-red-200",
  inconclusive: "bg-amber-100 text-amber-800 border-amber-200",
};

export function ResultsStep(props: ResultsStepProps) {
  const busy = props.processing || props.exporting;
  return (
    <ImageStepLayout
      imageName={props.imageName}
      toolbar={
        <div className="flex gap-1" role="group" aria-label="Mode">
          <Button
            size="sm"
            variant={props.mode === "view" ? "default" : "outline"}
            aria-pressed={props.mode === "view"}
            onClick={() => props.onModeChange("view")}
          >
            <EyeIcon /> View
          </Button>
          <Button
            size="sm"
            variant={props.mode === "edit" ? "default" : "outline"}
            aria-pressed={props.mode === "edit"}
            onClick={() => props.onModeChange("edit")}
          >
            <PencilIcon /> Edit
          </Button>
        </div>
      }
      image={{
        src: props.imageUrl,
        height: 800,
        mode: props.mode,
        boxes: props.items.map((item) => ({ id: item.id, box: item.box })),
        selectedId: props.selectedId,
        onSelect: props.onSelect,
        onChangeBox: props.onChangeBox,
        onLayout: props.onLayout,
        onLayoutError: props.onLayoutError,
      }}
    >
      <div className="flex flex-col gap-4">
        {props.complete && (
          <Card className="border-green-300 bg-green-50">
            <CardContent className="flex items-center gap-2 py-3 font-medium text-green-800">
              <CheckCircle2Icon className="size-5" /> Process Complete
            </CardContent>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle>Marked items</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            {props.items.length === 0 && <p className="text-sm text-muted-foreground">No items were marked.</p>}
            <ul className="flex flex-col gap-1" aria-label="Marked items">
              {props.items.map((item, index) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={cn(
                      "flex w-full items-start gap-2 rounded border px-2 py-1.5 text-left text-sm hover:bg-accent",
                      props.selectedId === item.id && "border-primary bg-accent",
                    )}
                    onClick={() => props.onSelect(props.selectedId === item.id ? null : item.id)}
                  >
                    <span
                      className="mt-0.5 inline-flex min-w-6 justify-center rounded px-1 text-xs leading-5 font-bold text-white"
                      style={{ backgroundColor: itemColor(index) }}
                    >
                      {item.id}
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-medium" title={item.text}>
                        {item.text ? truncateLabel(item.text) : "(drawn box)"}
                      </span>
                      {item.description && <span className="text-xs text-muted-foreground">{item.description}</span>}
                    </span>
                    {item.confidence != null && (
                      <span className="text-xs text-muted-foreground" title="Confidence">
                        {Math.round(item.confidence * 100)}%
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
            {props.notFound.length > 0 && (
              <p className="text-xs text-muted-foreground">Not found: {props.notFound.join(", ")}</p>
            )}
          </CardContent>
        </Card>

        {props.analysis && (
          <Card>
            <CardHeader>
              <CardTitle>Attribute results</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              {props.analysis.attributes.map((result) => (
                <div key={result.attribute} className="flex flex-col gap-1 rounded border p-2">
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-sm font-medium">{result.attribute}</span>
                    <Badge className={cn("capitalize", STATUS_STYLES[result.status])} data-status={result.status}>
                      {result.status}
                    </Badge>
                  </div>
                  <p className="text-xs text-muted-foreground">{result.reasoning}</p>
                </div>
              ))}
              {props.analysis.conclusion && (
                <p className="text-sm">
                  <span className="font-semibold">Conclusion: </span>
                  {props.analysis.conclusion}
                </p>
              )}
            </CardContent>
          </Card>
        )}

        <div className="grid grid-cols-2 gap-2">
          <Button onClick={props.onExport} disabled={busy} className="col-span-2">
            {props.exporting ? (
              <>
                <Spinner /> Exporting...
              </>
            ) : (
              <>
                <FileSpreadsheetIcon /> Export to Excel
              </>
            )}
          </Button>
          <Button variant="outline" onClick={props.onBack} disabled={busy}>
            <ArrowLeftIcon /> Back
          </Button>
          <Button variant="outline" onClick={props.onNext} disabled={busy}>
            Next <ArrowRightIcon />
          </Button>
          <Button variant="outline" onClick={props.onRetest} disabled={busy}>
            {props.processing ? <Spinner /> : <RefreshCwIcon />} Retest
          </Button>
          <Button variant="outline" onClick={props.onReset} disabled={busy}>
            <RotateCcwIcon /> Start Over
          </Button>
        </div>
      </div>
    </ImageStepLayout>
  );
}
