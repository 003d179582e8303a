import { ArrowLeftIcon, ImageIcon, PencilRulerIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import type { FractionBox } from "../lib/box-geometry";
import { AttributeRows, filledRows } from "./attribute-rows";
import { ImageStepLayout } from "./image-step-layout";

export type EntryTab = "manual" | "automatic";

export interface DrawnBox extends FractionBox {
  id: string;
  label: string;
}

interface DataEntryStepProps {
  imageUrl: string;
  imageName: string;
  tab: EntryTab;
  onTabChange(tab: EntryTab): void;
  items: string[];
  onItemsChange(items: string[]): void;
  controlDescription: string;
  onControlDescriptionChange(value: string): void;
  attributes: string[];
  onAttributesChange(rows: string[]): void;
  drawing: boolean;
  onDrawingChange(drawing: boolean): void;
  drawnBoxes: DrawnBox[];
  onDrawBox(box: FractionBox): void;
  onRemoveDrawnBox(id: string): void;
  processing: boolean;
  onExtract(): void;
  onAnalyze(): void;
  onSubmitBoxes(): void;
  onBack(): void;
  onChangeImage(): void;
  onLayoutError(message: string): void;
}

export function DataEntryStep(props: DataEntryStepProps) {
  const manualBlank = filledRows(props.items).length === 0;
  const automaticBlank = filledRows(props.attributes).length === 0;
  const submit = () => {
    if (props.drawing) props.onSubmitBoxes();
    else if (props.tab === "automatic") props.onAnalyze();
    else props.onExtract();
  };
  const submitLabel = props.drawing ? "Submit Boxes" : props.tab === "automatic" ? "Analyze Document" : "Extract Data";
  const submitDisabled =
    props.processing ||
    (props.drawing ? props.drawnBoxes.length === 0 : props.tab === "automatic" ? automaticBlank : manualBlank);

  return (
    <ImageStepLayout
      imageName={props.imageName}
      toolbar={
        <Button
          variant={props.drawing ? "default" : "outline"}
          size="sm"
          onClick={() => props.onDrawingChange(!props.drawing)}
        >
          <PencilRulerIcon /> {props.drawing ? "Stop Drawing" : "Draw Boxes"}
        </Button>
      }
      image={{
        src: props.imageUrl,
        height: 600,
        mode: props.drawing ? "draw" : "view",
        boxes: props.drawnBoxes.map((b) => ({ id: b.label, box: b })),
        onDrawBox: props.onDrawBox,
        onLayoutError: props.onLayoutError,
      }}
      note={
        props.drawing && (
          <p className="text-xs text-muted-foreground">
            Drag on the image to mark an item. Boxes must cover more than 1% of the image each way.
          </p>
        )
      }
    >
      <Card>
        <CardContent className="flex flex-col gap-4 py-4">
          <form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!props.processing) submit();
            }}
          >
            {props.drawing ? (
              <div className="flex flex-col gap-2">
                <h3 className="text-sm font-semibold">Drawn boxes</h3>
                {props.drawnBoxes.length === 0 && <p className="text-sm text-muted-foreground">No boxes drawn yet.</p>}
                <ul className="flex flex-col gap-1">
                  {props.drawnBoxes.map((box) => (
                    <li key={box.id} className="flex items-center justify-between rounded border px-2 py-1 text-sm">
                      <span>
                        <span className="font-semibold">{box.label}</span>{" "}
                        <span className="text-muted-foreground">
                          {Math.round(box.width * 100)}% x {Math.round(box.height * 100)}%
                        </span>
                      </span>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove box ${box.label}`}
                        onClick={() => props.onRemoveDrawnBox(box.id)}
                      >
                        <XIcon />
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <Tabs value={props.tab} onValueChange={(value) => props.onTabChange(value as EntryTab)}>
                <TabsList className="w-full">
                  <TabsTrigger value="manual">Evidence Attributes</TabsTrigger>
                  <TabsTrigger value="automatic">Testing Attributes</TabsTrigger>
                </TabsList>
                <TabsContent value="manual" className="flex flex-col gap-2 pt-2">
                  <p className="text-sm text-muted-foreground">Name the items to find on the evidence.</p>
                  <AttributeRows
                    rows={props.items}
                    onChange={props.onItemsChange}
                    noun="Item"
                    disabled={props.processing}
                  />
                </TabsContent>
                <TabsContent value="automatic" className="flex flex-col gap-3 pt-2">
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor="control-description">Control description</Label>
                    <Textarea
                      id="control-description"
                      rows={4}
                      value={props.controlDescription}
                      disabled={props.processing}
                      placeholder="e.g. Invoices over $10,000 are approved by the finance manager before payment."
                      onChange={(event) => props.onControlDescriptionChange(event.target.value)}
                    />
                  </div>
                  <Label>Testing attributes</Label>
                  <AttributeRows
                    rows={props.attributes}
                    onChange={props.onAttributesChange}
                    noun="Attribute"
                    disabled={props.processing}
                  />
                </TabsContent>
              </Tabs>
            )}
            <div className="flex flex-col gap-2 border-t pt-4">
              <Button type="submit" className="w-full" disabled={submitDisabled}>
                {props.processing ? (
                  <>
                    <Spinner /> Processing...
                  </>
                ) : (
                  submitLabel
                )}
              </Button>
              <div className="grid grid-cols-2 gap-2">
                <Button type="button" variant="outline" onClick={props.onBack} disabled={props.processing}>
                  <ArrowLeftIcon /> Back
                </Button>
                <Button type="button" variant="outline" onClick={props.onChangeImage} disabled={props.processing}>
                  <ImageIcon /> Change Image
                </Button>
              </div>
            </div>
          </form>
        </CardContent>
      </Card>
    </ImageStepLayout>
  );
}
