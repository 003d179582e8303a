import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type SMTPServer as SmtpServerType, SMTPServer } from "smtp-server";

/** Decodes a quoted-printable body (RFC 2045), enough to read links out of test mail. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The confirmation link (…/auth/v1/verify?token=…) found in a raw RFC 822 message. */
export function verificationLink(raw: string): string {
  const match = decodeQuotedPrintable(raw).match(/https?:\/\/\S+\/auth\/v1\/verify\?[^\s"<>]+/);
  if (!match) throw new Error(`no verification link in message:\n${raw}`);
  return match[0].replace(/&amp;/g, "&");
}

/** The raw `.eml` messages in the outbox, oldest first. */
export function outboxMessages(dataDir: string): string[] {
  const dir = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".eml"));
  } catch {
    return [];
  }
  return names.sort().map((n) => readFileSync(path.join(dir, n), "utf8"));
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpSink(): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server: SmtpServerType = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
