/**
 * Value-type detectors: how well a piece of OCR text fits a kind of value (date, amount, name…).
 * Each returns a fit from 0 (cannot be) to 1 (exactly that kind), so that label matching can be
 * settled by the shape of the value next to the label.
 */

export type ValueType =
  | "date"
  | "amount"
  | "count"
  | "identifier"
  | "person"
  | "organisation"
  | "status"
  | "environment"
  | "email"
  | "percent"
  | "text";

const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";

const DATE_PATTERNS: RegExp[] = [
  /\b(?:19|20)\d{2}[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])\b/i, // 2024-03-01
  /\b(?:0?[1-9]|[12]\d|3[01])[-/.](?:0?[1-9]|[12]\d|3[01])[-/.](?:19|20)?\d{2}\b/i, // 01/03/2024, 3.1.24
  new RegExp(
    `\\b(?:0?[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)?[-\\s/.]*(?:${MONTHS})\\.?[-\\s/.,]*(?:19|20)?\\d{2}\\b`,
    "i",
  ), // 1 March 2024, 01-Mar-24
  new RegExp(`\\b(?:${MONTHS})\\.?\\s*(?:0?[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)?,?\\s*(?:19|20)\\d{2}\\b`, "i"), // March 1, 2024
  /\b(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\b/, // 20240301
];

const CURRENCY = /[$€£¥₹]|\b(?:usd|eur|gbp|chf|jpy|cad|aud|inr|sek|nok|dkk)\b/i;
const MONEY_NUMBER = /\(?-?\d{1,3}(?:[,.' ]\d{3})*(?:[.,]\d{2})?\)?|\(?-?\d+(?:[.,]\d{2})?\)?/;
const EMAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/;
const PERCENT = /-?\d+(?:[.,]\d+)?\s?%/;

const STATUS_WORDS = new Set([
  "approved",
  "rejected",
  "declined",
  "pending",
  "completed",
  "complete",
  "incomplete",
  "done",
  "open",
  "opened",
  "closed",
  "resolved",
  "cancelled",
  "canceled",
  "draft",
  "submitted",
  "in progress",
  "signed off",
  "signed",
  "unsigned",
  "accepted",
  "passed",
  "pass",
  "failed",
  "fail",
  "effective",
  "ineffective",
  "active",
  "inactive",
  "disabled",
  "enabled",
  "revoked",
  "removed",
  "retained",
  "granted",
  "denied",
  "yes",
  "no",
  "true",
  "false",
  "y",
  "n",
  "ok",
  "valid",
  "invalid",
  "verified",
  "unverified",
  "reviewed",
  "not reviewed",
  "paid",
  "unpaid",
  "overdue",
  "on hold",
  "scheduled",
  "implemented",
  "deployed",
  "successful",
  "success",
  "failure",
  "new",
  "escalated",
  "exception",
  "no exception",
  "certified",
  "attested",
  "finished",
  "not started",
  "started",
  "partial",
]);

const ENVIRONMENT =
  /^(?:prod(?:uction)?|pre-?prod|dev(?:elopment)?|test(?:ing)?|uat|qa|sit|stag(?:e|ing)|sandbox|dr|training|live|non-?prod)(?:[-_ ]?[a-z0-9]{1,6})?$/i;

const ORG_SUFFIX =
  /\b(?:ltd|limited|llc|llp|inc|incorporated|corp|corporation|co|company|gmbh|ag|sa|sarl|bv|nv|plc|pty|group|holdings|industries|industrial|logistics|traders|trading|supplies|supply|components|services|systems|solutions|technologies|tech|partners|associates|enterprises|international|manufacturing|consulting|labs|bank)\b\.?/i;

/** Words that never make a person's name. */
const NOT_NAME_WORDS = new Set(["the", "of", "and", "for", "report", "page", "total", "date", "invoice", "order"]);

const clamp = (v: number) => Math.max(0, Math.min(1, v));

/** The text with OCR's usual stray edge punctuation removed. */
export function cleanValue(text: string): string {
  return text
    .replace(/^[\s:;#|~_.,*=>-]+/, "")
    .replace(/[\s:;|~_,*=<]+$/, "")
    .trim();
}

export function matchDate(text: string): RegExpMatchArray | null {
  for (const pattern of DATE_PATTERNS) {
    const m = text.match(pattern);
    if (m) return m;
  }
  return null;
}

/** Parses a date in the formats `matchDate` finds; day-first when ambiguous only if day > 12. */
export function parseDate(text: string): Date | null {
  const m = matchDate(text);
  if (!m) return null;
  const s = m[0];
  let y: number;
  let mo: number;
  let d: number;
  let parts = s.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/);
  if (parts) {
    [y, mo, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  } else if ((parts = s.match(/^(\d{4})(\d{2})(\d{2})$/))) {
    [y, mo, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  } else if ((parts = s.match(/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})$/))) {
    const a = Number(parts[1]);
    const b = Number(parts[2]);
    y = Number(parts[3]);
    // US order (month first) unless the first number cannot be a month.
    if (a > 12) [d, mo] = [a, b];
    else [mo, d] = [a, b];
  } else {
    const monthMatch = s.toLowerCase().match(new RegExp(MONTHS));
    const nums = s.match(/\d+/g) ?? [];
    if (!monthMatch || nums.length < 2) return null;
    const names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    mo = names.indexOf(monthMatch[0].slice(0, 3)) + 1;
    const yearText = nums.find((n) => n.length === 4) ?? nums[nums.length - 1];
    y = Number(yearText);
    d = Number(nums.find((n) => n !== yearText) ?? 1);
  }
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** Parses a money amount ("$1,234.50", "(300.00)", "EUR 1.234,50") to a number. */
export function parseAmount(text: string): number | null {
  const m = text.match(/\(?-?\s?[$€£¥₹]?\s?\d[\d,.' ]*\d(?:\)?)|\d/);
  if (!m) return null;
  let s = m[0].replace(/[$€£¥₹\s']/g, "");
  const negative = s.startsWith("(") || s.startsWith("-");
  s = s.replace(/[()-]/g, "");
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  // The separator that appears last with two digits after it is the decimal one.
  if (lastComma > lastDot && s.length - lastComma === 3) s = s.replace(/\./g, "").replace(",", ".");
  else s = s.replace(/,/g, "");
  const value = Number(s);
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}

function dateFit(v: string): number {
  const m = matchDate(v);
  if (!m) return 0;
  return m[0].length >= v.replace(/[^\w]+$/, "").length - 1 ? 1 : 0.6;
}

function amountFit(v: string): number {
  const compact = v.replace(/\s+/g, "");
  if (matchDate(v)) return 0;
  const full = new RegExp(`^(?:${CURRENCY.source})?${MONEY_NUMBER.source}(?:${CURRENCY.source})?$`, "i");
  if (CURRENCY.test(v) && full.test(compact)) return 1;
  if (/^\(?-?\d{1,3}(?:[,.]\d{3})*[.,]\d{2}\)?$/.test(compact)) return 0.85;
  if (CURRENCY.test(v) && /\d/.test(v)) return 0.6;
  if (/^\d+$/.test(compact)) return 0.35;
  return 0;
}

function countFit(v: string): number {
  const compact = v.replace(/\s+/g, "");
  if (/^\d{1,3}(?:,\d{3})*$/.test(compact) || /^\d{1,5}$/.test(compact)) return 1;
  if (/^\d{6,}$/.test(compact)) return 0.3;
  if (/^\d+\s+[a-z]+$/i.test(v.trim())) return 0.6; // "82 users"
  return 0;
}

function identifierFit(v: string): number {
  const compact = v.replace(/\s+/g, "");
  if (!compact || dateFit(v) === 1 || amountFit(v) >= 0.85) return 0;
  const digits = (compact.match(/\d/g) ?? []).length;
  const letters = (compact.match(/[a-z]/gi) ?? []).length;
  if (v.trim().split(/\s+/).length > 2) return digits ? 0.3 : 0;
  if (/^#?[a-z]{1,6}[-_/]?\d[\w-]{2,}$/i.test(compact) && digits >= 2) return 1; // INV-00123, CHG0012345
  if (/^[a-z0-9]+(?:[-_/.][a-z0-9]+)+$/i.test(compact) && digits >= 2) return 0.95;
  if (/^#?\d{4,}$/.test(compact)) return 0.8;
  if (digits >= 2 && letters >= 1) return 0.8;
  if (digits >= 1) return 0.4;
  return 0;
}

function words(v: string): string[] {
  return v.trim().split(/\s+/).filter(Boolean);
}

function personFit(v: string): number {
  const ws = words(v);
  // An e-mail address identifies its person ("Last modified by: jane.doe@corp.com").
  if (ws.length === 1 && EMAIL.test(v)) return 0.6;
  if (!ws.length || ws.length > 5 || /\d/.test(v) || v.includes("@")) return 0;
  if (STATUS_WORDS.has(v.trim().toLowerCase())) return 0.1;
  if (ORG_SUFFIX.test(v)) return 0.3;
  const nameLike = ws.every((w) =>
    /^(?:[A-Z][a-zA-Z'’-]*\.?|[A-Z]\.|(?:van|von|de|da|del|der|la|le|di|bin|al)\b)$/.test(w),
  );
  if (ws.some((w) => NOT_NAME_WORDS.has(w.toLowerCase()))) return 0.2;
  if (nameLike && ws.length >= 2) return 1;
  if (nameLike) return 0.6;
  // A login such as "jane.doe" or "j_smith" names its person.
  if (ws.length === 1 && /^[a-z]+[._][a-z]+$/i.test(ws[0])) return 0.7;
  if (ws.every((w) => /^[a-z][a-z'’.-]*$/i.test(w))) return 0.4;
  return 0.2;
}

function organisationFit(v: string): number {
  const ws = words(v);
  if (!ws.length || ws.length > 8 || v.includes("@")) return 0;
  if (matchDate(v) || amountFit(v) >= 0.6) return 0;
  if (ORG_SUFFIX.test(v) && /[a-z]/i.test(v)) return 1;
  if (STATUS_WORDS.has(v.trim().toLowerCase())) return 0.1;
  if (ws.every((w) => /^[A-Z0-9&][\w&'’.,-]*$/.test(w)) && /[a-z]{2}/i.test(v)) return 0.85;
  if (/[a-z]{2}/i.test(v) && !/\d{3}/.test(v)) return 0.4;
  return 0.1;
}

function statusFit(v: string): number {
  const s = v.trim().toLowerCase().replace(/[.!]$/, "");
  if (STATUS_WORDS.has(s)) return 1;
  const ws = words(s);
  if (ws.some((w) => STATUS_WORDS.has(w)) && ws.length <= 3) return 0.8;
  if (ws.length <= 3 && /^[a-z\s-]+$/.test(s)) return 0.4;
  return 0.05;
}

function environmentFit(v: string): number {
  const s = v.trim();
  if (ENVIRONMENT.test(s)) return 1;
  if (words(s).length === 1 && /^[A-Za-z][\w-]{1,15}$/.test(s)) return 0.35;
  return 0.05;
}

function textFit(v: string): number {
  // A setting's value is often a bare number ("Minimum length: 12").
  if (/^\d{1,4}$/.test(v)) return 0.45;
  if (!/[a-z]/i.test(v)) return 0.3;
  if (dateFit(v) === 1 || amountFit(v) >= 0.85) return 0.3;
  return 0.7;
}

/** How well `value` fits `type`, 0-1. */
export function valueFit(type: ValueType, raw: string): number {
  const v = cleanValue(raw);
  if (!v) return 0;
  // A value that ends like a label ("Approved by:") is a label, not a value.
  if (/:\s*$/.test(raw.trim())) return 0;
  // Nor is one that ends in a preposition ("Approved by", "Effective From").
  if (/\s(?:by|from|to|of|for|at|on)$/i.test(raw.trim())) return type === "text" ? 0.1 : 0;
  switch (type) {
    case "date":
      return dateFit(v);
    case "amount":
      return amountFit(v);
    case "count":
      return countFit(v);
    case "identifier":
      return identifierFit(v);
    case "person":
      return personFit(v);
    case "organisation":
      return organisationFit(v);
    case "status":
      return statusFit(v);
    case "environment":
      return environmentFit(v);
    case "email":
      return EMAIL.test(v) ? 1 : 0;
    case "percent":
      return PERCENT.test(v) ? 1 : /^\d+(?:[.,]\d+)?$/.test(v) ? 0.5 : 0;
    case "text":
      return textFit(v);
  }
}

/** The most specific type the text looks like, for judging and for typing unlabelled values. */
export function detectType(raw: string): ValueType {
  const order: ValueType[] = [
    "email",
    "percent",
    "date",
    "amount",
    "identifier",
    "count",
    "environment",
    "status",
    "person",
    "organisation",
  ];
  let best: ValueType = "text";
  let bestFit = 0.75;
  for (const type of order) {
    const fit = valueFit(type, raw);
    if (fit > bestFit) {
      best = type;
      bestFit = fit;
    }
  }
  return best;
}

export { clamp };
