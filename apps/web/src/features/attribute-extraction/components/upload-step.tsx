import { ImageIcon, UploadIcon } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";
import { type LibraryFile, useLibraryFiles } from "../api/get-library-files";

export type UploadTab = "upload" | "library";

interface UploadStepProps {
  workspaceId: string | undefined;
  tab: UploadTab;
  onTabChange(tab: UploadTab): void;
  onFileChosen(file: File): void;
  selectedFile: LibraryFile | null;
  onSelectFile(file: LibraryFile | null): void;
  onConfirmLibraryFile(): void;
  loadingLibraryFile: boolean;
  uploading: boolean;
}

export function UploadStep(props: UploadStepProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Tabs value={props.tab} onValueChange={(value) => props.onTabChange(value as UploadTab)} className="w-full">
      <TabsList>
        <TabsTrigger value="upload">Upload File</TabsTrigger>
        <TabsTrigger value="library">File Library</TabsTrigger>
      </TabsList>
      <TabsContent value="upload">
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <UploadIcon className="size-10 text-muted-foreground" aria-hidden />
            <h2 className="text-lg font-semibold">Upload an Image</h2>
            <p className="text-sm text-muted-foreground">
              Upload a document, receipt, or any image to extract data from
            </p>
            <input
              ref={inputRef}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-label="Image file"
              data-testid="image-file-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) props.onFileChosen(file);
              }}
            />
            <Button onClick={() => inputRef.current?.click()} disabled={props.uploading}>
              {props.uploading ? <Spinner /> : <ImageIcon />}
              Select Image
            </Button>
          </CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="library">
        <ImageLibraryPicker {...props} />
      </TabsContent>
    </Tabs>
  );
}

function ImageLibraryPicker(props: UploadStepProps) {
  const files = useLibraryFiles(props.workspaceId);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 py-4">
        <p className="text-sm text-muted-foreground">Pick an image already in this workspace.</p>
        <div className="max-h-[250px] overflow-y-auto rounded-md border" data-testid="image-picker-list">
          {files.isLoading && (
            <div className="flex items-center gap-2 p-3 text-sm text-muted-foreground">
              <Spinner /> Loading files...
            </div>
          )}
          {files.isError && <p className="p-3 text-sm text-destructive">Failed to load workspace files</p>}
          {files.data?.length === 0 && (
            <p className="p-3 text-sm text-muted-foreground">No image files in this workspace yet.</p>
          )}
          <ul role="listbox" aria-label="Workspace images">
            {files.data?.map((file) => {
              const selected = props.selectedFile?.id === file.id;
              return (
                <li
                  key={file.id}
                  role="option"
                  aria-selected={selected}
                  tabIndex={0}
                  className={cn(
                    "flex cursor-pointer items-center gap-2 border-b px-3 py-2 text-sm last:border-b-0 hover:bg-accent",
                    selected && "bg-accent font-medium",
                  )}
                  onClick={() => props.onSelectFile(selected ? null : file)}
                  onKeyDown={(event) => {
                    if (event.key === "Enter" || event.key === " ") {
                      event.preventDefault();
                      props.onSelectFile(selected ? null : file);
                    }
                  }}
                >
                  <ImageIcon className="size-4 text-muted-foreground" aria-hidden />
                  <span className="truncate">{file.original_name}</span>
                </li>
              );
            })}
          </ul>
        </div>
        {props.selectedFile && (
          <p className="text-sm">
            Selected: <span className="font-medium">{props.selectedFile.original_name}</span>
          </p>
        )}
        {props.loadingLibraryFile ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Processing project file... Please wait
          </div>
        ) : (
          <Button className="self-end" disabled={!props.selectedFile} onClick={props.onConfirmLibraryFile}>
            Use Selected Image
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
