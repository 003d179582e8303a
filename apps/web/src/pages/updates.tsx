import { ArrowRight, FileSearch, GitCompareArrows } from "lucide-react";
import { Link } from "react-router";
import { PublicHeader } from "@/components/public-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

const FEATURES = [
  {
    title: "Test of Effectiveness (TOE)",
    path: "/toe",
    icon: FileSearch,
    description:
      "Upload evidence — screenshots, reports, logs — and let the agent check each testing attribute (completeness, accuracy, approval) step by step.",
    points: [
      "Batch testing of many samples",
      "Audit-ready workpapers with tick-marked evidence",
      "Assertions and conclusions, with reviewer override of agent decisions",
    ],
  },
  {
    title: "CUEC Mapping",
    path: "/cuec-mapping",
    icon: GitCompareArrows,
    description:
      "Parse a SOC 1 report to extract its Complementary User Entity Controls and map each one to your internal controls.",
    points: [
      "AI extraction of CUECs from the report",
      "One CUEC to one or more controls",
      "Coverage validation and audit alignment",
    ],
  },
];

export default function UpdatesPage() {
  return (
    <div className="min-h-svh bg-muted/40">
      <PublicHeader link={{ to: "/privacy-policy", label: "Privacy Policy" }} contentClassName="max-w-4xl" />
      <main className="mx-auto grid max-w-4xl gap-8 px-6 py-12">
        <div className="grid gap-3">
          <Badge variant="secondary">Release notes</Badge>
          <h1 className="text-3xl font-semibold tracking-tight">Welcome to v1.0</h1>
          <p className="max-w-2xl text-muted-foreground">
            The first release of the workbench brings two testing tools built for SOX and SOC 1 work.
          </p>
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          {FEATURES.map((feature) => (
            <Card key={feature.path}>
              <CardHeader>
                <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <feature.icon className="size-5" />
                </span>
                <CardTitle>
                  <h2>{feature.title}</h2>
                </CardTitle>
                <CardDescription>{feature.description}</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="list-disc space-y-1 pl-5 text-sm">
                  {feature.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter className="mt-auto">
                <Link
                  to={feature.path}
                  className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
                >
                  Open {feature.title.replace(/ \(TOE\)$/, "")} <ArrowRight className="size-4" />
                </Link>
              </CardFooter>
            </Card>
          ))}
        </div>
      </main>
    </div>
  );
}
