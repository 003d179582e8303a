export default function AgentsPage() {
  return <div className="p-6 text-muted-foreground">This page is being built.</div>;
}
