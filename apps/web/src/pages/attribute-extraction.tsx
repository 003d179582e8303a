import { AttributeExtractionWizard } from "@/features/attribute-extraction/components/attribute-extraction-wizard";

export default function AttributeExtractionPage() {
  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Attribute Extraction</h1>
        <p className="text-sm text-muted-foreground">
          Find requested items on an evidence image, mark where they are and export the workpaper.
        </p>
      </div>
      <AttributeExtractionWizard />
    </div>
  );
}
