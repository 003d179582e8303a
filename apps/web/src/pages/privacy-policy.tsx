import type { ReactNode } from "react";
import { PublicHeader } from "@/components/public-header";

const SECTIONS: Array<{ id: string; title: string }> = [
  { id: "scope", title: "1. Scope of this policy" },
  { id: "information", title: "2. Information we collect" },
  { id: "usage", title: "3. How we use information" },
  { id: "retention", title: "4. Data retention" },
  { id: "sharing", title: "5. Sharing and disclosure" },
  { id: "security", title: "6. Security" },
  { id: "international", title: "7. International transfers" },
  { id: "rights", title: "8. Your rights" },
  { id: "contact", title: "9. Contact us" },
];

function Section({ id, children }: { id: string; children: ReactNode }) {
  const title = SECTIONS.find((s) => s.id === id)?.title;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

function H3({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 font-semibold">{children}</h3>;
}

export default function PrivacyPolicyPage() {
  return (
    <div className="min-h-svh bg-background">
      <PublicHeader link={{ to: "/login", label: "Sign in" }} sticky contentClassName="max-w-6xl" />
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-10 md:grid-cols-[14rem_1fr]">
        <nav aria-label="Privacy policy sections" className="md:sticky md:top-24 md:self-start">
          <p className="mb-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">On this page</p>
          <ul className="space-y-2 text-sm">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-muted-foreground hover:text-foreground">
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <article className="max-w-3xl space-y-10 text-sm leading-relaxed text-foreground/90">
          <div className="space-y-2">
            <h1 className="text-3xl font-semibold tracking-tight text-foreground">Privacy Policy</h1>
            <p className="text-muted-foreground">Last updated: April 20, 2025</p>
            <p>
              This policy explains how the Evidence Workbench (the "Service") collects, uses, keeps and protects
              information. The Service is an evidence-testing workbench for auditors and internal-control teams. It can
              be operated by us as a hosted service or installed and run by your organisation on its own infrastructure;
              in the latter case your organisation is the controller of the data and this policy describes how the
              software handles it.
            </p>
          </div>

          <Section id="scope">
            <p>
              This policy applies to the web application, its programming interface and the e-mails it sends. It covers
              information about people who create an account, people whose information appears in evidence uploaded by a
              customer, and visitors of our public pages. It does not cover third-party services you connect to the
              Service, which are governed by their own policies.
            </p>
            <p>
              Where the Service processes evidence on behalf of an organisation (for example screenshots, reports, logs
              or SOC 1 reports uploaded for a control test), we act as a processor under that organisation's
              instructions, and the organisation's own privacy notice applies to the people concerned.
            </p>
          </Section>

          <Section id="information">
            <p>We collect only what the Service needs to work and to stay secure:</p>
            <H3>Service data</H3>
            <p>
              Files, folders, controls, test attributes, workpapers, extraction results and reviewer decisions that you
              and your colleagues create or upload into a workspace. This content belongs to your organisation.
            </p>
            <H3>Account information</H3>
            <p>
              Your work e-mail address, first and last name, an optional answer to "How did you hear about us?", your
              acceptance of the terms, and a password stored only as a one-way argon2id hash. If you sign in with Google
              we receive your name, e-mail address and the fact that Google verified it.
            </p>
            <H3>Usage information</H3>
            <p>
              Which features are used and when, such as uploads, extraction and test runs, so that we can operate,
              support and improve the Service.
            </p>
            <H3>Metadata</H3>
            <p>
              File names, sizes, types, creation dates and authors of uploaded files, and the model, token counts and
              timing of each AI request made on your behalf.
            </p>
            <H3>Log data</H3>
            <p>
              Server logs with the time, requested address, response status, IP address and error details of each
              request. Logs are used for security monitoring and troubleshooting.
            </p>
            <H3>Device information</H3>
            <p>Browser type and version, operating system and screen size, as sent by your browser.</p>
            <H3>Location information</H3>
            <p>
              An approximate location (country or region) derived from your IP address. We do not collect precise
              location.
            </p>
            <H3>Cookie information</H3>
            <p>
              Strictly necessary cookies and local storage entries that keep you signed in, remember the workspace you
              used last and whether the sidebar is open (kept for 7 days). We do not use advertising cookies.
            </p>
            <H3>Google API data: limited use</H3>
            <p>
              The Service's use and transfer to any other application of information received from Google APIs will
              adhere to the{" "}
              <a
                href="https://developers.google.com/terms/api-services-user-data-policy"
                className="text-primary underline-offset-4 hover:underline"
                target="_blank"
                rel="noreferrer"
              >
                Google API Services User Data Policy
              </a>
              , including the Limited Use requirements. We use Google sign-in data only to authenticate you; we do not
              sell it, use it for advertising, or let people read it except with your consent, for security, or where
              the law requires it.
            </p>
          </Section>

          <Section id="usage">
            <p>We use information to:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>provide the Service: store evidence, run extraction and tests, and produce workpapers;</li>
              <li>authenticate users, verify e-mail addresses and keep accounts secure;</li>
              <li>send service e-mails such as verification links and security notices;</li>
              <li>detect, investigate and prevent abuse, fraud and security incidents;</li>
              <li>understand how the Service is used so we can fix problems and improve it;</li>
              <li>meet legal, audit and regulatory obligations.</li>
            </ul>
            <p>
              We never use the content of your evidence to train AI models. When your organisation configures an
              external AI engine, evidence is sent to it only to answer the request you made.
            </p>
          </Section>

          <Section id="retention">
            <p>
              Service data is kept for as long as your organisation's account is active and is deleted when a workspace
              or file is deleted, subject to backups that expire within 35 days. Account credentials and the associated
              account information are retained for up to 365 days after the termination of your account, so that we can
              answer audit, security and legal enquiries, and are then deleted. Log data is kept for up to 90 days
              unless needed to investigate an incident.
            </p>
          </Section>

          <Section id="sharing">
            <p>We do not sell personal information. We share it only:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>within your organisation, with the colleagues who have access to the workspace;</li>
              <li>
                with service providers that host infrastructure, deliver e-mail or run AI models for us, under contracts
                that limit their use to providing that service;
              </li>
              <li>when required by law, regulation or a valid legal request;</li>
              <li>to protect the rights, property or safety of our users, the public or ourselves;</li>
              <li>as part of a merger or acquisition, with notice to you beforehand.</li>
            </ul>
          </Section>

          <Section id="security">
            <p>
              Data is encrypted in transit with TLS and at rest by the storage provider. Passwords are hashed with
              argon2id; sessions use short-lived signed access tokens and rotating refresh tokens. Access to production
              systems is limited to staff who need it and is logged. Every request to a workspace is checked against its
              owner. No system is perfectly secure: if we learn of a breach affecting your information we will notify
              you and the authorities as the law requires.
            </p>
          </Section>

          <Section id="international">
            <p>
              A self-hosted installation keeps data wherever your organisation runs it. For our hosted service,
              information may be processed in countries other than yours. Where the law requires it, we protect such
              transfers with appropriate safeguards, such as the European Commission's Standard Contractual Clauses.
            </p>
          </Section>

          <Section id="rights">
            <H3>General rights</H3>
            <p>
              Depending on where you live, you may have the right to access, correct, delete or export your personal
              information, to object to or restrict its processing, and to withdraw consent. Where we process evidence
              for an organisation, please send your request to that organisation; we will help it respond. You may also
              complain to your data protection authority.
            </p>
            <H3>California residents</H3>
            <p>
              Under the California Consumer Privacy Act, as amended by the CPRA, you may request to know the categories
              and specific pieces of personal information we collected, to delete or correct it, and to opt out of its
              sale or sharing. We do not sell or share personal information for cross-context behavioural advertising,
              and we will not discriminate against you for exercising these rights.
            </p>
            <H3>Virginia residents</H3>
            <p>
              Under the Virginia Consumer Data Protection Act, you may confirm whether we process your personal data,
              access, correct or delete it, obtain a portable copy, and opt out of targeted advertising, sale or
              profiling. If we refuse a request you may appeal by replying to our answer; if the appeal is denied you
              may contact the Virginia Attorney General.
            </p>
          </Section>

          <Section id="contact">
            <p>
              For any question about this policy or to exercise your rights, contact our Data Protection Officer at{" "}
              <a
                href="mailto:privacy@evidence-workbench.example"
                className="text-primary underline-offset-4 hover:underline"
              >
                privacy@evidence-workbench.example
              </a>
              . We answer within 30 days. If you use an installation run by your organisation, its administrator or data
              protection officer is your first point of contact.
            </p>
          </Section>
        </article>
      </div>
    </div>
  );
}
