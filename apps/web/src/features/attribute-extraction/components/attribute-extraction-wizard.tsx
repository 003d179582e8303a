import type { AnalyzeResponse, ExtractionResult } from "@workbench/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { saveBlob } from "@/lib/save-blob";
import { useWorkspace } from "@/lib/workspace";
import { analyzeDocument } from "../api/analyze-document";
import { downloadLibraryFile } from "../api/download-library-file";
import { exportToExcel } from "../api/export-excel";
import { extractItems } from "../api/extract-items";
import type { LibraryFile } from "../api/get-library-files";
import { retestDocument } from "../api/retest-document";
import { uploadImage } from "../api/upload-image";
import { clampExportBox, type FractionBox, type ImageLayout, itemLetter } from "../lib/box-geometry";
import { isImageUpload } from "../lib/image-files";
import { filledRows } from "./attribute-rows";
import { DataEntryStep, type DrawnBox, type EntryTab } from "./data-entry-step";
import { type AnalysisSummary, type ResultItem, ResultsStep } from "./results-step";
import { type UploadTab, UploadStep } from "./upload-step";

type Step = "upload" | "dataEntry" | "results";

interface LoadedDocument {
  fileId: string;
  name: string;
  imageUrl: string;
}

const messageOf = (error: unknown): string | undefined => {
  if (error && typeof error === "object") {
    const detail = (error as { detail?: unknown }).detail;
    if (typeof detail === "string" && detail) return detail;
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message) return message;
  }
  return undefined;
};

/** Found results become lettered items A, B, C in order; results with nothing found are listed apart. */
export function itemsFromResults(results: ExtractionResult[]): { items: ResultItem[]; notFound: string[] } {
  const found = results.filter((r) => r.answer.trim() && r.confidence > 0 && r.box.width > 0 && r.box.height > 0);
  return {
    items: found.map((r, i) => ({
      id: itemLetter(i),
      text: r.answer,
      description: r.query,
      confidence: r.confidence,
      box: r.box,
    })),
    notFound: results.filter((r) => !found.includes(r)).map((r) => r.query),
  };
}

/** Every tick mark of every attribute becomes a lettered item, so the workpaper letters match the screen. */
export function itemsFromAnalysis(analysis: AnalyzeResponse): ResultItem[] {
  const marks = analysis.attributes.flatMap((a) => a.tick_marks.map((t) => ({ ...t, attribute: a.attribute })));
  const source = marks.length > 0 ? marks : analysis.tick_marks.map((t) => ({ ...t, attribute: "" }));
  return source.map((t, i) => ({
    id: itemLetter(i),
    text: t.text,
    description: t.attribute,
    confidence: null,
    box: t.box,
  }));
}

export function AttributeExtractionWizard() {
  const { activeWorkspace } = useWorkspace();
  const workspaceId = activeWorkspace?.id;

  const [step, setStep] = useState<Step>("upload");
  const [uploadTab, setUploadTab] = useState<UploadTab>("upload");
  const [selectedLibraryFile, setSelectedLibraryFile] = useState<LibraryFile | null>(null);
  const [loadingLibraryFile, setLoadingLibraryFile] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [doc, setDoc] = useState<LoadedDocument | null>(null);

  const [entryTab, setEntryTab] = useState<EntryTab>("manual");
  const [items, setItems] = useState<string[]>([""]);
  const [controlDescription, setControlDescription] = useState("");
  const [attributes, setAttributes] = useState<string[]>([""]);
  const [drawing, setDrawing] = useState(false);
  const [drawnBoxes, setDrawnBoxes] = useState<DrawnBox[]>([]);

  const [results, setResults] = useState<ResultItem[]>([]);
  const [notFound, setNotFound] = useState<string[]>([]);
  const [analysis, setAnalysis] = useState<AnalysisSummary | null>(null);
  const [lastTest, setLastTest] = useState<{ controlDescription: string; attributes: string[] } | null>(null);
  const [mode, setMode] = useState<"view" | "edit">("view");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const layoutRef = useRef<ImageLayout | null>(null);
  // crypto.randomUUID exists only on secure origins; a counter is enough to key drawn boxes.
  const nextBoxId = useRef(1);

  // Object URLs hold the image bytes in memory until revoked.
  useEffect(
    () => () => {
      if (doc) URL.revokeObjectURL(doc.imageUrl);
    },
    [doc],
  );

  const onLayout = useCallback((layout: ImageLayout | null) => {
    layoutRef.current = layout;
  }, []);
  const onLayoutError = useCallback((message: string) => toast.error("Error", { description: message }), []);

  const openDocument = (loaded: LoadedDocument) => {
    setDoc(loaded);
    setResults([]);
    setNotFound([]);
    setAnalysis(null);
    setDrawnBoxes([]);
    setComplete(false);
    setStep("dataEntry");
  };

  const handleFileChosen = async (file: File) => {
    if (!isImageUpload(file)) {
      toast.error("Invalid file type", { description: "Please upload an image file" });
      return;
    }
    if (!workspaceId) {
      toast.error("Upload Failed", { description: "workspaceId is required" });
      return;
    }
    setUploading(true);
    const id = toast.loading("Uploading File", { description: `${file.name} 0%` });
    try {
      const fileId = await uploadImage({
        workspaceId,
        file,
        onProgress: (percent) => toast.loading("Uploading File", { id, description: `${file.name} ${percent}%` }),
      });
      toast.success("Upload Successful", { id, description: file.name });
      openDocument({ fileId, name: file.name, imageUrl: URL.createObjectURL(file) });
    } catch (error) {
      toast.error("Upload Failed", { id, description: messageOf(error) ?? "Failed to upload the file" });
    } finally {
      setUploading(false);
    }
  };

  const handleConfirmLibraryFile = async () => {
    if (!selectedLibraryFile || !workspaceId) return;
    setLoadingLibraryFile(true);
    const id = toast.loading("Loading Project File", { description: selectedLibraryFile.original_name });
    try {
      const { blob } = await downloadLibraryFile({ workspaceId, fileId: selectedLibraryFile.id });
      toast.success("File Loaded", { id, description: selectedLibraryFile.original_name });
      openDocument({
        fileId: selectedLibraryFile.id,
        name: selectedLibraryFile.original_name,
        imageUrl: URL.createObjectURL(blob),
      });
    } catch (error) {
      toast.error("File Loading Failed", { id, description: messageOf(error) ?? "Failed to load the file" });
      setSelectedLibraryFile(null);
    } finally {
      setLoadingLibraryFile(false);
    }
  };

  const handleExtract = async () => {
    const queries = filledRows(items).map((q) => q.toLowerCase());
    if (queries.length === 0) {
      toast.error("No items provided", { description: "Please specify at least one item to extract." });
      return;
    }
    if (!doc || !workspaceId) {
      toast.error("No file uploaded", { description: "Please upload a file first" });
      return;
    }
    setProcessing(true);
    const id = toast.loading("Processing Image", {
      description: `Using AI to find ${queries.length} item(s) in your document...`,
    });
    try {
      const answer = await extractItems({ workspaceId, fileId: doc.fileId, queries });
      const derived = itemsFromResults(answer.results);
      setResults(derived.items);
      setNotFound(derived.notFound);
      setAnalysis(null);
      toast.success("Data Extracted", {
        id,
        description: `Found ${derived.items.length} of ${queries.length} item(s).`,
      });
      showResults();
    } catch {
      toast.error("Processing Error", { id, description: "Failed to process the image. Please try again." });
    } finally {
      setProcessing(false);
    }
  };

  const applyAnalysis = (answer: AnalyzeResponse) => {
    setAnalysis({ attributes: answer.attributes, conclusion: answer.conclusion });
    setResults(itemsFromAnalysis(answer));
    setNotFound([]);
  };

  const handleAnalyze = async () => {
    const list = filledRows(attributes);
    if (!doc || !workspaceId) {
      toast.error("No file uploaded", { description: "Please upload a file first" });
      return;
    }
    if (list.length === 0) {
      toast.error("No items provided", { description: "Please specify at least one item to extract." });
      return;
    }
    setProcessing(true);
    const id = toast.loading("Processing Image", {
      description: `Using AI to test ${list.length} attribute(s) against your document...`,
    });
    try {
      const answer = await analyzeDocument({
        workspaceId,
        fileId: doc.fileId,
        controlDescription: controlDescription.trim(),
        attributes: list,
      });
      applyAnalysis(answer);
      setLastTest({ controlDescription: controlDescription.trim(), attributes: list });
      toast.success("Attribute Extraction Complete", {
        id,
        description: `${answer.attributes.length} attribute(s) tested.`,
      });
      showResults();
    } catch (error) {
      toast.error("Attribute Extraction Error", {
        id,
        description: messageOf(error) ?? "Failed to analyze the document.",
      });
    } finally {
      setProcessing(false);
    }
  };

  const handleSubmitBoxes = () => {
    if (drawnBoxes.length === 0) return;
    setResults(
      drawnBoxes.map((b, i) => ({
        id: itemLetter(i),
        text: "",
        description: `Drawn box ${b.label}`,
        confidence: null,
        box: { x: b.x, y: b.y, width: b.width, height: b.height },
      })),
    );
    setNotFound([]);
    setAnalysis(null);
    showResults();
  };

  const showResults = () => {
    setMode("view");
    setSelectedId(null);
    setComplete(false);
    setDrawing(false);
    setStep("results");
  };

  const handleRetest = async () => {
    if (!doc || !workspaceId) {
      toast.error("Missing File", { description: "No file is loaded for retesting." });
      return;
    }
    if (!lastTest || !lastTest.controlDescription || lastTest.attributes.length === 0) {
      toast.error("Missing Data", {
        description: "No previous control description or test attributes found for retest.",
      });
      return;
    }
    setProcessing(true);
    const id = toast.loading("Retesting Document", { description: doc.name });
    try {
      const answer = await retestDocument({
        workspaceId,
        fileId: doc.fileId,
        controlDescription: lastTest.controlDescription,
        testAttributes: lastTest.attributes,
      });
      applyAnalysis(answer);
      setSelectedId(null);
      toast.success("Retest Complete", { id, description: `${answer.tick_marks.length} tick mark(s).` });
    } catch (error) {
      toast.error("Retest Error", { id, description: messageOf(error) ?? "Failed to re-analyze the document." });
    } finally {
      setProcessing(false);
    }
  };

  const handleExport = async () => {
    if (!layoutRef.current) {
      toast.error("Export Failed", { description: "Image layout not available. Please wait." });
      return;
    }
    if (!doc?.fileId || !workspaceId) {
      toast.error("Export Failed", { description: "File ID or Workspace ID is missing." });
      return;
    }
    setExporting(true);
    try {
      const { blob, filename } = await exportToExcel({
        workspaceId,
        fileId: doc.fileId,
        boxes: results.map((item) => ({
          ...clampExportBox(item.box),
          label: item.id,
          text: item.text || undefined,
          description: item.description || undefined,
          confidence: item.confidence ?? undefined,
        })),
      });
      saveBlob(blob, filename);
      toast.success("Export Successful: Excel file has been downloaded.");
    } catch (error) {
      toast.error("Export Failed", { description: messageOf(error) ?? "An unexpected error occurred during export." });
    } finally {
      setExporting(false);
    }
  };

  const handleReset = () => {
    setDoc(null);
    setItems([""]);
    setAttributes([""]);
    setControlDescription("");
    setDrawnBoxes([]);
    setDrawing(false);
    setResults([]);
    setNotFound([]);
    setAnalysis(null);
    setLastTest(null);
    setSelectedLibraryFile(null);
    setSelectedId(null);
    setMode("view");
    setComplete(false);
    setStep("upload");
  };

  const backToUpload = () => {
    setDoc(null);
    setDrawnBoxes([]);
    setDrawing(false);
    setStep("upload");
  };

  if (step === "upload" || !doc) {
    return (
      <UploadStep
        workspaceId={workspaceId}
        tab={uploadTab}
        onTabChange={(tab) => {
          setUploadTab(tab);
          setSelectedLibraryFile(null);
        }}
        onFileChosen={handleFileChosen}
        selectedFile={selectedLibraryFile}
        onSelectFile={setSelectedLibraryFile}
        onConfirmLibraryFile={handleConfirmLibraryFile}
        loadingLibraryFile={loadingLibraryFile}
        uploading={uploading}
      />
    );
  }

  if (step === "dataEntry") {
    return (
      <DataEntryStep
        imageUrl={doc.imageUrl}
        imageName={doc.name}
        tab={entryTab}
        onTabChange={setEntryTab}
        items={items}
        onItemsChange={setItems}
        controlDescription={controlDescription}
        onControlDescriptionChange={setControlDescription}
        attributes={attributes}
        onAttributesChange={setAttributes}
        drawing={drawing}
        onDrawingChange={setDrawing}
        drawnBoxes={drawnBoxes}
        onDrawBox={(box) =>
          setDrawnBoxes((boxes) => [
            ...boxes,
            { ...box, id: `box-${nextBoxId.current++}`, label: itemLetter(boxes.length) },
          ])
        }
        onRemoveDrawnBox={(id) =>
          setDrawnBoxes((boxes) => boxes.filter((b) => b.id !== id).map((b, i) => ({ ...b, label: itemLetter(i) })))
        }
        processing={processing}
        onExtract={handleExtract}
        onAnalyze={handleAnalyze}
        onSubmitBoxes={handleSubmitBoxes}
        onBack={backToUpload}
        onChangeImage={backToUpload}
        onLayoutError={onLayoutError}
      />
    );
  }

  return (
    <ResultsStep
      imageUrl={doc.imageUrl}
      imageName={doc.name}
      items={results}
      notFound={notFound}
      analysis={analysis}
      mode={mode}
      onModeChange={(next) => {
        if (next === mode) return;
        setMode(next);
        setSelectedId(null);
        toast(
          next === "edit"
            ? "Edit Mode Enabled: Select an item to move or resize it"
            : "View Mode Enabled: You can view the marked items",
        );
      }}
      selectedId={selectedId}
      onSelect={setSelectedId}
      onChangeBox={(id, box) => setResults((list) => list.map((item) => (item.id === id ? { ...item, box } : item)))}
      onLayout={onLayout}
      onLayoutError={onLayoutError}
      processing={processing}
      exporting={exporting}
      complete={complete}
      onBack={() => {
        setMode("view");
        setSelectedId(null);
        setStep("dataEntry");
      }}
      onReset={handleReset}
      onRetest={handleRetest}
      onNext={() => setComplete(true)}
      onExport={handleExport}
    />
  );
}
