import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * App-wide toasts. Call `toast.error(title, { description })` for the spec's destructive toasts:
 * they are styled in the destructive colours; `toast.success` / `toast(title)` for the others.
 */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: "group border-border bg-background text-foreground shadow-lg",
          description: "text-muted-foreground",
          error: "!border-destructive/40 !bg-red-50 !text-destructive [&_[data-description]]:!text-destructive/90",
          success: "!border-success/40",
        },
      }}
      {...props}
    />
  );
}
