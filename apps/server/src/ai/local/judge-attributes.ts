import type { AttributeJudgement, AttributeStatus, OcrResult, TickMark } from "../provider.js";
import { extractFromOcr, type ScoredAnswer } from "./extract-items.js";
import { conceptsOf } from "./label-similarity.js";
import { parseAmount, parseDate } from "./value-types.js";

/**
 * Deterministic judging of common control attributes against OCR'd evidence: presence of a field,
 * two dates in order, amounts that agree or stay within a limit, segregation of duties, a named
 * person or an expected status. Anything else is inconclusive, with the reason given, rather than
 * guessed.
 */

const DAY_MS = 86_400_000;

const PRESENCE_WORDS =
  /\b(?:is|are|was|were|be|been|has|have|had|a|an|the|its|their|exists?|present|presence|evidence|evidenced|of|shown|shows|documented|recorded|included|includes|contains?|provided|populated|filled|visible|available|there|on|in|document|evidenced|proper|properly|valid|appropriate|must|should|field)\b/g;

interface Context {
  ocr: OcrResult;
  marks: TickMark[];
}

function letter(index: number): string {
  let s = "";
  let n = index;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/** Adds a tick mark for an answer and returns its letter. */
function mark(ctx: Context, caption: string, answer: ScoredAnswer): string {
  const label = letter(ctx.marks.length);
  ctx.marks.push({ label, text: `${caption}: ${answer.item.answer}`, box: answer.item.box });
  return label;
}

function find(ctx: Context, query: string): ScoredAnswer | null {
  const [answer] = extractFromOcr(ctx.ocr, [query]);
  return answer.item.answer ? answer : null;
}

const tidy = (s: string) => s.replace(/\s+/g, " ").trim();

/** "approved" → "approval date"-style query for the date of an event named in the attribute. */
function dateQuery(phrase: string): string {
  return `${tidy(phrase.replace(PRESENCE_WORDS, " "))} date`;
}

function result(attribute: string, status: AttributeStatus, reasoning: string, marks: TickMark[]): AttributeJudgement {
  return { attribute, status, reasoning, tick_marks: marks };
}

function judgeDateOrder(ctx: Context, attribute: string, text: string): AttributeJudgement | null {
  const within = text.match(
    /^(.*?)\bwithin\s+(\d+)\s+(?:calendar\s+|business\s+|working\s+)?days?\s+(?:of|after|from)\s+(.*)$/,
  );
  const order = text.match(
    /^(.*?)\b(before|prior to|no later than|on or before|after|following|on or after|subsequent to)\b(.*)$/,
  );
  if (!within && !order) return null;
  const [left, right] = within ? [within[1], within[3]] : [order![1], order![3]];
  const a = find(ctx, dateQuery(left));
  const b = find(ctx, dateQuery(right));
  const da = a ? parseDate(a.item.answer) : null;
  const db = b ? parseDate(b.item.answer) : null;
  if (!a || !b || !da || !db || a.item.box === b.item.box) {
    const missing = [!da ? `the ${tidy(left)} date` : "", !db ? `the ${tidy(right)} date` : ""]
      .filter(Boolean)
      .join(" and ");
    return result(attribute, "inconclusive", `Could not read ${missing || "two distinct dates"} on the evidence.`, []);
  }
  const ma = mark(ctx, `${tidy(left)} date`, a);
  const mb = mark(ctx, `${tidy(right)} date`, b);
  const marks = ctx.marks.slice(-2);
  const days = Math.round((da.getTime() - db.getTime()) / DAY_MS);
  if (within) {
    const limit = Number(within[2]);
    const ok = Math.abs(days) <= limit;
    return result(
      attribute,
      ok ? "pass" : "fail",
      `${a.item.answer} (${ma}) is ${Math.abs(days)} days from ${b.item.answer} (${mb}); the limit is ${limit} days.`,
      marks,
    );
  }
  const kind = order![2];
  const before = /before|prior|no later/.test(kind);
  const inclusive = /on or|no later/.test(kind);
  const ok = before ? days < 0 || (inclusive && days === 0) : days > 0 || (inclusive && days === 0);
  return result(
    attribute,
    ok ? "pass" : "fail",
    `${tidy(left)} on ${a.item.answer} (${ma}) is ${days === 0 ? "the same day as" : days < 0 ? "before" : "after"} ${tidy(right)} on ${b.item.answer} (${mb}).`,
    marks,
  );
}

function withinLimit(kind: string, value: number, limit: number): boolean {
  if (/not|no more|at most|up to/.test(kind)) return value <= limit;
  if (/less|below|under/.test(kind)) return value < limit;
  if (kind === "at least") return value >= limit;
  return value > limit; // exceeds, greater than, more than, above, over
}

function judgeAmountLimit(ctx: Context, attribute: string, text: string): AttributeJudgement | null {
  const m = text.match(
    /^(.*?)\b(does not exceed|not exceed|not more than|no more than|at most|less than|below|under|up to|exceeds?|greater than|more than|above|over|at least)\b\s*(.*?[\d][\d,.]*\s*[kKmM]?)\b/,
  );
  if (!m) return null;
  const limit = parseAmount(m[3]);
  if (limit === null) return null;
  const subject = tidy(m[1].replace(PRESENCE_WORDS, " ")) || "amount";
  const a = find(ctx, /amount|total|value|cost|price|sum/.test(subject) ? subject : `${subject} amount`);
  const value = a ? parseAmount(a.item.answer) : null;
  if (!a || value === null)
    return result(attribute, "inconclusive", `Could not read the ${subject} on the evidence.`, []);
  const t = mark(ctx, subject, a);
  const ok = withinLimit(m[2], value, limit);
  return result(
    attribute,
    ok ? "pass" : "fail",
    `The ${subject} ${a.item.answer} (${t}) is compared with the limit ${m[3].trim()}: ${ok ? "within" : "outside"} it.`,
    [ctx.marks[ctx.marks.length - 1]],
  );
}

function judgeAgreement(ctx: Context, attribute: string, text: string): AttributeJudgement | null {
  const m = text.match(
    /^(.*?)\b(agrees? (?:to|with)|matches|match(?:es)? (?:to|with)?|equals?|is equal to|same as|consistent with|reconciles? (?:to|with)|ties? (?:to|out to))\b(.*?)(?:\bwithin\s+([\d.,]+\s*%?|\$[\d.,]+))?\s*$/,
  );
  if (!m) return null;
  const left = tidy(m[1].replace(PRESENCE_WORDS, " "));
  const right = tidy(m[3].replace(PRESENCE_WORDS, " "));
  const asAmount = (q: string) => (/amount|total|value|cost|price|sum/.test(q) ? q : `${q} amount`);
  const a = find(ctx, asAmount(left));
  const b = find(ctx, asAmount(right));
  const va = a ? parseAmount(a.item.answer) : null;
  const vb = b ? parseAmount(b.item.answer) : null;
  if (!a || !b || va === null || vb === null || (a.item.box.x === b.item.box.x && a.item.box.y === b.item.box.y)) {
    return result(
      attribute,
      "inconclusive",
      `Could not read both the ${left} and the ${right} on the evidence to compare them.`,
      [],
    );
  }
  const tolerance = m[4]?.includes("%")
    ? (Math.abs(vb) * Number.parseFloat(m[4])) / 100
    : m[4]
      ? (parseAmount(m[4]) ?? 0)
      : 0.005;
  const ta = mark(ctx, left, a);
  const tb = mark(ctx, right, b);
  const ok = Math.abs(va - vb) <= tolerance;
  return result(
    attribute,
    ok ? "pass" : "fail",
    `The ${left} ${a.item.answer} (${ta}) ${ok ? "agrees" : "does not agree"} with the ${right} ${b.item.answer} (${tb}).`,
    ctx.marks.slice(-2),
  );
}

function judgeSegregation(ctx: Context, attribute: string, text: string): AttributeJudgement | null {
  const m = text.match(
    /^(.*?)\b(?:is |are )?(?:different from|differs from|not the same (?:person )?as|independent of|other than|someone other than)\b(.*)$/,
  );
  if (!m) return null;
  const left = tidy(m[1].replace(PRESENCE_WORDS, " "));
  const right = tidy(m[2].replace(PRESENCE_WORDS, " "));
  const a = find(ctx, left);
  const b = find(ctx, right);
  if (!a || !b)
    return result(attribute, "inconclusive", `Could not read both the ${left} and the ${right} on the evidence.`, []);
  const ta = mark(ctx, left, a);
  const tb = mark(ctx, right, b);
  const same = a.item.answer.toLowerCase().replace(/\W/g, "") === b.item.answer.toLowerCase().replace(/\W/g, "");
  return result(
    attribute,
    same ? "fail" : "pass",
    `The ${left} ${a.item.answer} (${ta}) is ${same ? "the same person as" : "a different person from"} the ${right} ${b.item.answer} (${tb}).`,
    ctx.marks.slice(-2),
  );
}

/** "Status is Approved", "review was completed": the status field must carry the expected word. */
function judgeStatus(ctx: Context, attribute: string, text: string): AttributeJudgement | null {
  const m = text.match(/^(.*?\bstatus)\s+(?:is|was|=|of|shows?)\s+["']?([\w -]+?)["']?\s*$/);
  if (!m) return null;
  const a = find(ctx, tidy(m[1]));
  if (!a) return result(attribute, "inconclusive", `Could not read the ${tidy(m[1])} on the evidence.`, []);
  const t = mark(ctx, tidy(m[1]), a);
  const ok = a.item.answer.toLowerCase().includes(m[2].toLowerCase().trim());
  return result(
    attribute,
    ok ? "pass" : "fail",
    `The ${tidy(m[1])} reads "${a.item.answer}" (${t}); expected "${m[2].trim()}".`,
    [ctx.marks[ctx.marks.length - 1]],
  );
}

/** A person named in the attribute ("approved by Jane Smith") must appear on the evidence. */
function judgeNamedPerson(ctx: Context, attribute: string): AttributeJudgement | null {
  const m = attribute.match(/\bby\s+((?:[A-Z][a-z'’-]+\s?){2,3})/);
  if (!m) return null;
  const name = m[1].trim();
  const wanted = name.toLowerCase().split(/\s+/);
  for (const line of ctx.ocr.lines) {
    const words = line.words.map((w) => w.text.toLowerCase().replace(/[^\p{L}'-]/gu, ""));
    for (let i = 0; i + wanted.length <= words.length; i++) {
      if (wanted.every((w, k) => words[i + k] === w)) {
        const box = line.words.slice(i, i + wanted.length).map((w) => w.box);
        const x0 = Math.min(...box.map((b) => b.x));
        const y0 = Math.min(...box.map((b) => b.y));
        const x1 = Math.max(...box.map((b) => b.x + b.width));
        const y1 = Math.max(...box.map((b) => b.y + b.height));
        const label = letter(ctx.marks.length);
        ctx.marks.push({ label, text: name, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } });
        return result(attribute, "pass", `${name} appears on the evidence (${label}).`, [
          ctx.marks[ctx.marks.length - 1],
        ]);
      }
    }
  }
  return result(attribute, "fail", `${name} does not appear on the evidence.`, []);
}

/** "Approval signature present", "invoice has a number": the named field must carry a value. */
function judgePresence(ctx: Context, attribute: string, text: string): AttributeJudgement | null {
  const query = tidy(
    text
      .replace(/\bsignature\b/g, "signed by")
      .replace(PRESENCE_WORDS, " ")
      .replace(/[^\w#%\s-]/g, " "),
  );
  const concepts = conceptsOf(query).filter((c) => !c.concept.startsWith("w:"));
  if (!query || !concepts.length) return null;
  const a = find(ctx, query);
  if (!a) {
    if (ctx.ocr.lines.length < 3) {
      return result(attribute, "inconclusive", "Too little text could be read from the evidence to decide.", []);
    }
    return result(attribute, "fail", `No ${query} was found on the evidence.`, []);
  }
  const t = mark(ctx, query, a);
  // A field that is there but says "No", "Pending" or "N/A" does not evidence the attribute.
  if (NEGATIVE_VALUE.test(a.item.answer.trim())) {
    return result(attribute, "fail", `The ${query} reads "${a.item.answer}" (${t}), which does not evidence it.`, [
      ctx.marks[ctx.marks.length - 1],
    ]);
  }
  return result(attribute, "pass", `The ${query} is present: ${a.item.answer} (${t}).`, [
    ctx.marks[ctx.marks.length - 1],
  ]);
}

const NEGATIVE_VALUE =
  /^(?:no|n|false|none|nil|n\/a|na|-+|—|not (?:approved|signed|reviewed|completed|done|provided)|unsigned|unapproved|rejected|declined|denied|pending|outstanding|open|blank|missing|tbd)\.?$/i;

export function judgeFromOcr(
  ocr: OcrResult,
  attributes: string[],
): { attributes: AttributeJudgement[]; conclusion: string } {
  const ctx: Context = { ocr, marks: [] };
  const judged = attributes.map((attribute) => {
    const text = tidy(attribute.toLowerCase().replace(/[.;]+$/, ""));
    return (
      judgeSegregation(ctx, attribute, text) ??
      judgeDateOrder(ctx, attribute, text) ??
      judgeAmountLimit(ctx, attribute, text) ??
      judgeAgreement(ctx, attribute, text) ??
      judgeStatus(ctx, attribute, text) ??
      judgeNamedPerson(ctx, attribute) ??
      judgePresence(ctx, attribute, text) ??
      result(
        attribute,
        "inconclusive",
        "The local engine has no rule for this kind of attribute (it judges presence of fields, dates in order, amounts, named people and status); review it manually or use a language model.",
        [],
      )
    );
  });
  return { attributes: judged, conclusion: concludeOn(judged) };
}

export function concludeOn(judged: AttributeJudgement[]): string {
  const n = judged.length;
  const failed = judged.filter((j) => j.status === "fail");
  const open = judged.filter((j) => j.status === "inconclusive");
  if (!n) return "Inconclusive: no attributes were given.";
  if (failed.length) {
    return `Exception noted: ${failed.length} of ${n} attribute${n === 1 ? "" : "s"} failed (${failed.map((f) => f.attribute).join("; ")}).`;
  }
  if (open.length) {
    return `Inconclusive: ${open.length} of ${n} attribute${n === 1 ? "" : "s"} could not be determined (${open.map((f) => f.attribute).join("; ")}).`;
  }
  return `Effective: all ${n} attribute${n === 1 ? "" : "s"} passed.`;
}
