import path from "node:path";
import type { Config } from "../config/env.js";
import type { Mailer } from "./mailer.js";
import { createOutboxMailer } from "./outbox.js";
import { createSmtpMailer } from "./smtp.js";

export type { Mailer, MailMessage } from "./mailer.js";

/** SMTP when SMTP_URL is set, otherwise the `.eml` outbox in DATA_DIR/mail. */
export function createMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">): Mailer {
  if (config.SMTP_URL) return createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return createOutboxMailer(path.join(config.DATA_DIR, "mail"), config.MAIL_FROM);
}
