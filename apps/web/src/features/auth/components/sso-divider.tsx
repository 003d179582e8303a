export function OrDivider() {
  return (
    <div className="relative my-2 text-center text-xs uppercase text-muted-foreground">
      <span className="absolute inset-x-0 top-1/2 h-px bg-border" aria-hidden="true" />
      <span className="relative bg-background px-2">or continue with email</span>
    </div>
  );
}
