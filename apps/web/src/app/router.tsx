import { lazy, type ReactNode, Suspense } from "react";
import { Route, Routes } from "react-router";
import { AppLayout } from "@/app/layout/app-layout";
import { ProtectedRoute } from "@/app/protected-route";
import { Spinner } from "@/components/ui/spinner";

const LoginPage = lazy(() => import("@/pages/login"));
const SignupPage = lazy(() => import("@/pages/signup"));
const PrivacyPolicyPage = lazy(() => import("@/pages/privacy-policy"));
const UpdatesPage = lazy(() => import("@/pages/updates"));
const NotFoundPage = lazy(() => import("@/pages/not-found"));
const HomePage = lazy(() => import("@/pages/home"));
const FilesPage = lazy(() => import("@/pages/files"));
const AgentsPage = lazy(() => import("@/pages/agents"));
const AttributeExtractionPage = lazy(() => import("@/pages/attribute-extraction"));
const ComingSoonPage = lazy(() => import("@/pages/coming-soon"));

export function PageFallback() {
  return (
    <div className="flex min-h-[40vh] w-full items-center justify-center">
      <Spinner className="size-6 text-muted-foreground" label="Loading page" />
    </div>
  );
}

function page(element: ReactNode) {
  return <Suspense fallback={<PageFallback />}>{element}</Suspense>;
}

/** Pages not built yet: a named placeholder, so every route of the product exists. */
const upcoming: Array<{ path: string; title: string; description: string }> = [
  { path: "workflows", title: "Workflows", description: "Chain evidence checks and tests into repeatable procedures." },
  { path: "controls", title: "Controls", description: "Define controls and their test procedures." },
  { path: "controls/new", title: "Create control", description: "Start a control from scratch or from a template." },
  { path: "controls/:controlId", title: "Control detail", description: "Attributes, runs and results of one control." },
  {
    path: "controls/:controlId/edit",
    title: "Edit control",
    description: "Change a control's description and attributes.",
  },
  { path: "feedback", title: "Feedback", description: "Tell us what works and what does not." },
  {
    path: "toe",
    title: "Test of Effectiveness",
    description: "Test evidence against control attributes, sample by sample.",
  },
  { path: "narratives", title: "Narratives", description: "Draft process narratives from walkthrough evidence." },
  { path: "soc1-analyzer", title: "SOC 1 analyzer", description: "Ask questions about the text of a SOC 1 report." },
  { path: "integrations", title: "Integrations", description: "Connect the systems your evidence comes from." },
  {
    path: "cuec-mapping",
    title: "CUEC mapping",
    description: "Map complementary user entity controls to your controls.",
  },
  {
    path: "walk-through-analyzer",
    title: "Walk-through analyzer",
    description: "Review walkthrough recordings and documents.",
  },
];

function productRoutes() {
  return (
    <>
      <Route index element={page(<HomePage />)} />
      <Route path="files" element={page(<FilesPage />)} />
      <Route path="files/*" element={page(<FilesPage />)} />
      <Route path="agents" element={page(<AgentsPage />)} />
      <Route path="attribute-extraction" element={page(<AttributeExtractionPage />)} />
      {upcoming.map((item) => (
        <Route
          key={item.path}
          path={item.path}
          element={page(<ComingSoonPage title={item.title} description={item.description} />)}
        />
      ))}
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={page(<LoginPage />)} />
      <Route path="/signup" element={page(<SignupPage />)} />
      <Route path="/privacy-policy" element={page(<PrivacyPolicyPage />)} />
      <Route path="/updates" element={page(<UpdatesPage />)} />
      <Route
        element={
          <ProtectedRoute>
            <AppLayout />
          </ProtectedRoute>
        }
      >
        <Route path="/">{productRoutes()}</Route>
        <Route path="/workspaces/:wsId">{productRoutes()}</Route>
      </Route>
      <Route path="*" element={page(<NotFoundPage />)} />
    </Routes>
  );
}
