import { Hammer } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useWorkspace } from "@/lib/workspace";

/** A route of the product whose screen is not built yet. */
export default function ComingSoonPage({ title, description }: { title: string; description: string }) {
  const { workspacePath } = useWorkspace();
  return (
    <div className="mx-auto max-w-2xl py-8">
      <Card>
        <CardHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-lg bg-muted text-muted-foreground">
            <Hammer className="size-5" />
          </div>
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          <CardTitle className="sr-only">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">{title} — coming soon.</p>
          <Button asChild variant="outline" size="sm">
            <Link to={workspacePath("/")}>Back to the workspace</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
