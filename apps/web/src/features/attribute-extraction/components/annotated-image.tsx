import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";
import {
  boxFromDrag,
  type Corner,
  computeImageLayout,
  type FractionBox,
  type ImageLayout,
  moveBox,
  type Point,
  resizePixelBox,
  toFractionBox,
  toPixelBox,
} from "../lib/box-geometry";
import { itemColor } from "../lib/item-colors";

export interface MarkedBox {
  id: string;
  box: FractionBox;
}

export type ImageMode = "view" | "edit" | "draw";

export const IMAGE_CONTAINER_MISSING = "Image container not found for layout calculation.";
export const IMAGE_LOAD_FAILED = "Failed to load image for layout calculation.";

export interface AnnotatedImageProps {
  src: string;
  alt: string;
  /** 600 px in the entry step, 800 px on results (spec section 9). */
  height: number;
  boxes: MarkedBox[];
  mode: ImageMode;
  selectedId?: string | null;
  onSelect?(id: string | null): void;
  onChangeBox?(id: string, box: FractionBox): void;
  onDrawBox?(box: FractionBox): void;
  onLayout?(layout: ImageLayout | null): void;
  onLayoutError?(message: string): void;
}

type Gesture =
  | { kind: "move"; id: string; start: Point; origin: FractionBox; moved: boolean; wasSelected: boolean }
  | { kind: "resize"; id: string; corner: Corner; start: Point; origin: FractionBox }
  | { kind: "draw"; start: Point; current: Point };

const CORNERS: Corner[] = ["top-left", "top-right", "bottom-left", "bottom-right"];
// Below this many pixels of travel a press counts as a click (select/deselect), not a drag.
const CLICK_SLOP_PX = 3;

/**
 * The evidence image with lettered boxes over it; boxes can be drawn, selected, moved and resized.
 * Give it `key={src}` so a new image starts with a fresh layout.
 */
export function AnnotatedImage(props: AnnotatedImageProps) {
  const { src, alt, height, boxes, mode, selectedId, onSelect, onChangeBox, onDrawBox, onLayout, onLayoutError } =
    props;
  const containerRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [layout, setLayout] = useState<ImageLayout | null>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);

  const measure = useCallback(() => {
    if (!natural) return;
    const container = containerRef.current;
    if (!container) {
      onLayoutError?.(IMAGE_CONTAINER_MISSING);
      return;
    }
    const next = computeImageLayout(container.clientWidth || natural.width, height, natural);
    setLayout(next);
    onLayout?.(next);
  }, [natural, height, onLayout, onLayoutError]);

  useEffect(() => {
    measure();
    const container = containerRef.current;
    if (!container || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(container);
    return () => observer.disconnect();
  }, [measure]);

  const pointFrom = (event: ReactPointerEvent): Point => {
    const rect = overlayRef.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };

  const startMove = (event: ReactPointerEvent, item: MarkedBox) => {
    if (mode !== "edit") return;
    event.stopPropagation();
    event.preventDefault();
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    const wasSelected = selectedId === item.id;
    if (!wasSelected) onSelect?.(item.id);
    setGesture({ kind: "move", id: item.id, start: pointFrom(event), origin: item.box, moved: false, wasSelected });
  };

  const startResize = (event: ReactPointerEvent, item: MarkedBox, corner: Corner) => {
    event.stopPropagation();
    event.preventDefault();
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    setGesture({ kind: "resize", id: item.id, corner, start: pointFrom(event), origin: item.box });
  };

  const startDraw = (event: ReactPointerEvent) => {
    if (mode !== "draw") return;
    event.preventDefault();
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    const point = pointFrom(event);
    setGesture({ kind: "draw", start: point, current: point });
  };

  const onPointerMove = (event: ReactPointerEvent) => {
    if (!gesture || !layout) return;
    const point = pointFrom(event);
    const dx = point.x - gesture.start.x;
    const dy = point.y - gesture.start.y;
    if (gesture.kind === "draw") {
      setGesture({ ...gesture, current: point });
    } else if (gesture.kind === "move") {
      if (!gesture.moved && Math.abs(dx) + Math.abs(dy) < CLICK_SLOP_PX) return;
      if (!gesture.moved) setGesture({ ...gesture, moved: true });
      onChangeBox?.(gesture.id, moveBox(gesture.origin, dx / layout.width, dy / layout.height));
    } else {
      const resized = resizePixelBox(toPixelBox(gesture.origin, layout), gesture.corner, dx, dy, layout);
      onChangeBox?.(gesture.id, toFractionBox(resized, layout));
    }
  };

  const onPointerUp = () => {
    if (!gesture) return;
    if (gesture.kind === "draw" && layout) {
      const drawn = boxFromDrag(gesture.start, gesture.current, layout);
      if (drawn) onDrawBox?.(drawn);
    }
    // A click on the selected item (no drag) deselects it.
    if (gesture.kind === "move" && !gesture.moved && gesture.wasSelected) onSelect?.(null);
    setGesture(null);
  };

  const preview =
    gesture?.kind === "draw"
      ? {
          left: Math.min(gesture.start.x, gesture.current.x),
          top: Math.min(gesture.start.y, gesture.current.y),
          width: Math.abs(gesture.current.x - gesture.start.x),
          height: Math.abs(gesture.current.y - gesture.start.y),
        }
      : null;

  return (
    <div
      ref={containerRef}
      className="relative w-full overflow-hidden rounded-md border bg-muted/40"
      style={{ height }}
      data-testid="annotated-image"
    >
      <img
        src={src}
        alt={alt}
        draggable={false}
        className="absolute select-none"
        style={
          layout
            ? { left: layout.offsetX, top: layout.offsetY, width: layout.width, height: layout.height }
            : { maxHeight: height, maxWidth: "100%", visibility: "hidden" }
        }
        onLoad={(event) => {
          const img = event.currentTarget;
          setNatural({ width: img.naturalWidth || 1, height: img.naturalHeight || 1 });
        }}
        onError={() => onLayoutError?.(IMAGE_LOAD_FAILED)}
      />
      {layout && (
        <div
          ref={overlayRef}
          className={cn("absolute touch-none", mode === "draw" && "cursor-crosshair")}
          style={{ left: layout.offsetX, top: layout.offsetY, width: layout.width, height: layout.height }}
          onPointerDown={startDraw}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setGesture(null)}
          data-testid="image-overlay"
        >
          {boxes.map((item, index) => {
            const color = itemColor(index);
            const selected = mode === "edit" && selectedId === item.id;
            return (
              <div
                key={item.id}
                role={mode === "edit" ? "button" : "img"}
                aria-label={`Item ${item.id}`}
                aria-pressed={mode === "edit" ? selected : undefined}
                data-box-id={item.id}
                className={cn(
                  "absolute border-2",
                  mode === "edit" && "cursor-move",
                  selected && "ring-2 ring-offset-1 ring-primary",
                )}
                style={{
                  left: `${item.box.x * 100}%`,
                  top: `${item.box.y * 100}%`,
                  width: `${item.box.width * 100}%`,
                  height: `${item.box.height * 100}%`,
                  borderColor: color,
                  backgroundColor: `${color}1a`,
                }}
                onPointerDown={(event) => startMove(event, item)}
              >
                <span
                  className="pointer-events-none absolute -top-5 left-0 rounded px-1 text-xs leading-5 font-bold text-white"
                  style={{ backgroundColor: color }}
                >
                  {item.id}
                </span>
                {selected &&
                  CORNERS.map((corner) => (
                    <span
                      key={corner}
                      role="presentation"
                      aria-label={`Resize item ${item.id} from ${corner}`}
                      data-handle={corner}
                      className={cn(
                        "absolute size-3 rounded-sm border border-white bg-primary",
                        corner.startsWith("top") ? "-top-1.5" : "-bottom-1.5",
                        corner.endsWith("left") ? "-left-1.5" : "-right-1.5",
                        corner === "top-left" || corner === "bottom-right"
                          ? "cursor-nwse-resize"
                          : "cursor-nesw-resize",
                      )}
                      onPointerDown={(event) => startResize(event, item, corner)}
                    />
                  ))}
              </div>
            );
          })}
          {preview && (
            <div
              className="pointer-events-none absolute border-2 border-dashed border-primary bg-primary/10"
              style={preview}
            />
          )}
        </div>
      )}
    </div>
  );
}
