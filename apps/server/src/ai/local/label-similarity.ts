import type { ValueType } from "./value-types.js";

/**
 * Label-to-query similarity by meaning: words are reduced to audit concepts (synonyms and word
 * families such as approve/approval/approver/authorised/signed off), and a query and a label are
 * as similar as the concepts they share, weighted so that the words that carry meaning count more
 * than "name" or "by".
 */

interface ConceptRule {
  concept: string;
  /** Word beginnings (lowercase) that belong to the concept. */
  roots?: string[];
  /** Whole words that belong to the concept. */
  words?: string[];
  weight?: number;
}

const RULES: ConceptRule[] = [
  {
    concept: "approve",
    roots: ["approv", "authori", "authoriz", "sign", "endors", "sanction", "countersign"],
    words: ["ok", "okd", "cab"],
  },
  { concept: "review", roots: ["review", "attest", "certif", "verif", "inspect", "recertif"] },
  {
    concept: "request",
    roots: ["request", "requisition", "raise", "raised", "submit", "initiat", "originat", "open", "logg"],
    words: ["raiser", "creator", "reporter"],
  },
  {
    concept: "implement",
    roots: ["implement", "deploy", "releas", "install", "migrat", "promot", "rollout", "golive", "execut"],
    words: ["live", "applied"],
  },
  {
    concept: "complete",
    roots: ["complet", "finish", "conclu", "perform", "closed", "closure"],
    words: ["done", "close"],
  },
  {
    concept: "date",
    roots: ["date", "timestamp", "issued"],
    // An e-mail's "Sent:" or "Received:" line is its date.
    words: ["on", "when", "day", "dt", "time", "issue", "sent", "received"],
  },
  { concept: "sender", roots: ["sender"], words: ["from"] },
  { concept: "difference", roots: ["varianc", "differen", "discrepanc", "unreconcil"] },
  { concept: "modify", roots: ["modif", "updat", "amend", "edit"], words: ["changed", "altered"] },
  { concept: "host", roots: ["host", "server", "machine"], words: ["node"] },
  { concept: "method", roots: ["method", "card", "tender", "instrument"] },
  // A scheduled backup or batch definition: the job, its policy, its schedule.
  { concept: "job", roots: ["polic", "schedul"], words: ["job", "jobs"] },
  // One execution of a job: a run, a session.
  { concept: "run", roots: ["session"], words: ["run", "runs"] },
  { concept: "due", words: ["due"], weight: 0.5 },
  {
    concept: "amount",
    roots: ["amount", "total", "sum", "value", "price", "cost", "balanc", "payabl", "charge", "gross", "payment"],
    words: ["amt", "fee", "fees", "net", "paid", "grand"],
  },
  {
    concept: "id",
    roots: ["number", "identif", "referen", "serial"],
    words: ["no", "num", "nbr", "nr", "#", "id", "ref", "code", "key"],
  },
  { concept: "record", roots: ["ticket", "change", "incident", "case"], words: ["chg", "cr", "rfc", "inc", "req"] },
  { concept: "invoice", roots: ["invoic", "bill"], words: ["inv"] },
  { concept: "order", roots: ["order", "purchas"], words: ["po"] },
  {
    concept: "vendor",
    roots: [
      "vendor",
      "supplier",
      "seller",
      "payee",
      "merchant",
      "provider",
      "contractor",
      "remit",
      "beneficiar",
      "creditor",
    ],
  },
  { concept: "customer", roots: ["customer", "client", "buyer", "debtor", "payer", "consignee"] },
  { concept: "environment", roots: ["environ", "instance", "landscape"], words: ["env", "target", "tier"] },
  {
    concept: "system",
    roots: ["system", "applicat", "platform", "software", "resource", "database"],
    words: ["app", "tool", "db", "asset"],
  },
  {
    concept: "status",
    // A test's result is stated as its exceptions, deviations or findings ("No exceptions noted").
    roots: [
      "status",
      "state",
      "outcome",
      "result",
      "decision",
      "disposition",
      "conclusion",
      "exception",
      "deviat",
      "finding",
    ],
  },
  {
    concept: "user",
    roots: ["user", "account", "login", "member", "employee", "identit", "principal", "person", "staff"],
  },
  { concept: "scope", roots: ["scope", "population", "coverage"] },
  { concept: "count", roots: ["count", "quantit", "headcount"], words: ["qty", "many"] },
  { concept: "name", roots: ["name"], weight: 0.3 },
  { concept: "agent", words: ["by"], weight: 0.6 },
  { concept: "owner", roots: ["owner", "owned", "custodian", "responsib"] },
  { concept: "manager", roots: ["manager", "supervisor", "lead", "head"] },
  { concept: "prepare", roots: ["prepar", "author", "compil"] },
  { concept: "assign", roots: ["assign", "allocat"] },
  { concept: "email", roots: ["email", "e-mail", "mail"] },
  { concept: "percent", roots: ["percent", "ratio"], words: ["pct", "%", "rate"] },
  { concept: "comment", roots: ["comment", "note", "remark", "descri", "reason", "justif", "summary", "detail"] },
  { concept: "period", roots: ["period", "quarter", "month", "year", "fiscal"], words: ["fy"] },
  { concept: "tax", roots: ["tax"], words: ["vat", "gst"] },
  { concept: "currency", roots: ["currenc"], words: ["ccy"] },
  { concept: "phone", roots: ["phone", "telephone", "mobile"], words: ["tel"] },
  { concept: "address", roots: ["address", "street", "location"] },
  { concept: "department", roots: ["department", "division", "team", "unit", "function"], words: ["dept"] },
  {
    concept: "role",
    roots: ["role", "title", "position", "permission", "privilege", "entitlement", "access"],
  },
  {
    concept: "meta",
    roots: ["printed", "generated", "page", "exported", "confidential", "retain"],
    words: ["print"],
  },
];

/** Phrases read as one concept before single words are looked at. */
const PHRASES: Array<[RegExp, string]> = [
  [
    /\bnumber of\b|\bno\.? of\b|#\s*of\b|\bhow many\b|\btotal (?!(?:debit|credit|payment|charge|fee|expense|sale|cost|deposit|withdrawal|receipt)s\b)(?=\w+s\b)/g,
    " count ",
  ],
  [/\bbill(?:ed)? from\b|\bsold by\b|\bship(?:ped)? from\b|\bremit to\b|\bpay to\b/g, " vendor "],
  [/\bbill(?:ed)? to\b|\bsold to\b|\bship to\b/g, " customer "],
  [/\bsign(?:ed)?[\s-]?off\b/g, " approve "],
  [/\bgo[\s-]live\b/g, " implement "],
  // A "job title" is a person's role, not a scheduled job.
  [/\bjob (?:title|role|position|function)\b/g, " role "],
  // "Paid with", "card used": how a payment was made.
  [/\bpaid with\b|\bpayment (?:method|type)\b/g, " method "],
  [/\bpurchase order\b/g, " order "],
  [/\be-mail\b/g, " email "],
];

const STOP = new Set([
  "the",
  "a",
  "an",
  "of",
  "for",
  "to",
  "in",
  "at",
  "is",
  "was",
  "and",
  "or",
  "with",
  "this",
  "that",
  "what",
  "which",
  "who",
  "please",
  "find",
  "show",
  "get",
  "give",
]);

const AGENT_SUFFIX = /(?:er|or|ee|ant|ist)$/;

export interface Concept {
  concept: string;
  weight: number;
}

/** Splits label or query text into lowercase words, keeping "#" and "%" as words. */
export function tokenize(text: string): string[] {
  let s = ` ${text.toLowerCase()} `;
  for (const [pattern, replacement] of PHRASES) s = s.replace(pattern, replacement);
  return s
    .replace(/([#%])/g, " $1 ")
    .split(/[^a-z0-9#%]+/)
    .filter((t) => t && !STOP.has(t));
}

function ruleFor(word: string): ConceptRule | undefined {
  for (const rule of RULES) {
    if (rule.words?.includes(word)) return rule;
  }
  for (const rule of RULES) {
    if (rule.roots?.some((root) => word.startsWith(root) && (root.length >= 4 || word.length <= root.length + 3)))
      return rule;
  }
  return undefined;
}

/** Light stemming so unknown words still meet their own family ("terminated" ~ "termination"). */
function stem(word: string): string {
  return (word.replace(/(?:ations?|ions?|ings?|ers?|ors?|als?|ments?|ity|ed|es|s|e)$/, "") || word).slice(0, 6);
}

/** The concepts a label or query speaks of. Role nouns ("approver") also carry "agent". */
export function conceptsOf(text: string): Concept[] {
  const out = new Map<string, number>();
  const add = (concept: string, weight: number) => out.set(concept, Math.max(out.get(concept) ?? 0, weight));
  for (const word of tokenize(text)) {
    if (/^\d+$/.test(word)) continue;
    const rule = ruleFor(word);
    if (rule) {
      add(rule.concept, rule.weight ?? 1);
      if (
        word.length > 4 &&
        AGENT_SUFFIX.test(word) &&
        ["approve", "review", "request", "implement", "prepare", "assign", "owner", "manager", "complete"].includes(
          rule.concept,
        )
      ) {
        add("agent", 0.6);
      }
    } else {
      add(`w:${stem(word)}`, 0.8);
    }
  }
  return [...out].map(([concept, weight]) => ({ concept, weight }));
}

/** Weighted Dice overlap of two concept sets, 0-1. */
export function conceptSimilarity(a: Concept[], b: Concept[]): number {
  if (!a.length || !b.length) return 0;
  const bw = new Map(b.map((c) => [c.concept, c.weight]));
  let shared = 0;
  for (const c of a) {
    const w = bw.get(c.concept);
    if (w !== undefined) shared += Math.min(c.weight, w);
  }
  const total = a.reduce((s, c) => s + c.weight, 0) + b.reduce((s, c) => s + c.weight, 0);
  return total ? (2 * shared) / total : 0;
}

/**
 * Spells out a short word that is the initials of consecutive words on the other side
 * ("JE Number" against "journal entry number" → "journal entry number").
 */
function expandAcronyms(text: string, other: string): string {
  const words = tokenize(other).filter((w) => /^[a-z]/.test(w));
  if (words.length < 2) return text;
  return tokenize(text)
    .map((token) => {
      if (token.length < 2 || token.length > 4 || ruleFor(token)) return token;
      for (let i = 0; i + token.length <= words.length; i++) {
        const run = words.slice(i, i + token.length);
        if (run.map((w) => w[0]).join("") === token) return run.join(" ");
      }
      return token;
    })
    .join(" ");
}

/** Similarity of a printed label to what the user asked for, 0-1. */
export function labelSimilarity(query: string, label: string): number {
  return conceptSimilarity(conceptsOf(expandAcronyms(query, label)), conceptsOf(expandAcronyms(label, query)));
}

/**
 * Share of the query's own words (stemmed) printed in the label. Concepts make "Subtotal", "Net
 * Pay" and "Grand Total" all amounts; the literal words say which amount was asked for.
 */
export function lexicalShare(query: string, label: string): number {
  const q = [...new Set(tokenize(query).map(stem))];
  if (!q.length) return 0;
  const l = new Set(tokenize(label).map(stem));
  return q.filter((w) => l.has(w)).length / q.length;
}

/** Share of a text's words that are field vocabulary ("CAB Approval", "Printed on"): label-like text. */
export function vocabularyShare(text: string): number {
  // Words with digits ("INV-2023-7477") are values whatever letters they carry.
  const words = text
    .split(/\s+/)
    .filter((w) => /[a-z]/i.test(w) && !/\d/.test(w))
    .flatMap((w) => tokenize(w));
  if (!words.length) return 0;
  return words.filter((w) => ruleFor(w)).length / words.length;
}

const has = (concepts: Concept[], name: string) => concepts.some((c) => c.concept === name);

/** What kind of value a query asks for, from its concepts ("approved by" → a person). */
export function expectedType(query: string): ValueType {
  const cs = conceptsOf(query);
  const words = tokenize(query);
  // "email date" asks for a date, "hr contact email" for an address: the last word is the noun.
  if (has(cs, "email") && has(cs, "date")) {
    return has(conceptsOf(words[words.length - 1] ?? ""), "date") ? "date" : "email";
  }
  if (has(cs, "email")) return "email";
  if (has(cs, "percent")) return "percent";
  if (has(cs, "count")) return "count";
  if (has(cs, "date") || has(cs, "period")) return "date";
  if (has(cs, "method")) return "text"; // "payment method": how it was paid, not how much
  if (has(cs, "amount") || has(cs, "tax") || has(cs, "difference")) return "amount";
  if (
    has(cs, "user") &&
    !has(cs, "agent") &&
    !has(cs, "id") &&
    words.some((w) => has(conceptsOf(w), "user") && w.endsWith("s"))
  ) {
    return "count"; // "accounts in scope", "users reviewed": a population size
  }
  // "account disabled", "callback verified": asks whether something happened, not who did it.
  const last = words[words.length - 1] ?? "";
  if (words.length >= 2 && /[a-z]{3}ed$/.test(last) && !has(cs, "id")) return "status";
  if (has(cs, "id")) return "identifier";
  if (has(cs, "vendor") || has(cs, "customer")) return "organisation";
  if (has(cs, "agent") || has(cs, "owner") || has(cs, "manager")) return "person";
  // "account", "terminated employee" name a person; in "account lockout" the user is a modifier.
  if (has(cs, "user") && ["user", "name"].some((c) => has(conceptsOf(last), c))) return "person";
  if (has(cs, "approve") || has(cs, "review") || has(cs, "request") || has(cs, "prepare") || has(cs, "assign")) {
    // "approval", "reviewer" asked alone mean the person who did it; with "status" the outcome.
    return has(cs, "status") ? "status" : "person";
  }
  if (has(cs, "status")) return "status";
  if (has(cs, "environment")) return "environment";
  if (has(cs, "name") && cs.length === 1) return "person";
  return "text";
}

/** True when a label is page furniture (printed on, page x of y) rather than a document field. */
export function isMetaLabel(label: string): boolean {
  return has(conceptsOf(label), "meta");
}
