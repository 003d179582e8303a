import type { ReactNode } from "react";
import { AnnotatedImage, type AnnotatedImageProps } from "./annotated-image";

interface ImageStepLayoutProps {
  imageName: string;
  /** Buttons above the image, right of its name (drawing toggle, view/edit mode). */
  toolbar: ReactNode;
  image: Omit<AnnotatedImageProps, "alt">;
  /** Shown under the image. */
  note?: ReactNode;
  /** The working panel beside the image. */
  children: ReactNode;
}

/**
 * The entry and results steps: the evidence image on the left, the working panel on a fixed-width
 * column beside it, so the image gets the rest of the width and can reach its full viewer height.
 */
export function ImageStepLayout({ imageName, toolbar, image, note, children }: ImageStepLayoutProps) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_380px]">
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <p className="truncate text-sm text-muted-foreground" title={imageName}>
            {imageName}
          </p>
          {toolbar}
        </div>
        {/* A new image starts with a fresh layout. */}
        <AnnotatedImage key={image.src} alt={imageName} {...image} />
        {note}
      </div>
      {children}
    </div>
  );
}
