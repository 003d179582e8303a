import { Navigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Link } from "react-router";
import { useAuth } from "@/lib/auth";

export default function NotFoundPage() {
  const { user, loading } = useAuth();
  if (!loading && !user) return <Navigate to="/login" replace />;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold tracking-tight text-primary">404</p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        The page you are looking for does not exist, or it has been moved. Check the address, or go back to your
        workspace.
      </p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}
