import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./mailer.js";

/**
 * Writes each message as an RFC 822 `.eml` file under `dir`, for machines without SMTP.
 * nodemailer's stream transport builds the message, so the file is exactly what SMTP would carry.
 */
export function createOutboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const temporary = path.join(dir, `.${name}.tmp`);
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, path.join(dir, name));
    },
    async close() {
      transport.close();
    },
  };
}
