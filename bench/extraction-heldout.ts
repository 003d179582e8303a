/**
 * Held-out extraction check: renders evidence documents whose labels are worded differently from
 * the dev fixtures (other document kinds, date formats, table layouts), writes ground truth in
 * the fixtures' format with value boxes measured from the rendered pixels, then runs the same
 * evaluation. Run: `npx tsx bench/extraction-heldout.ts [outDir]`.
 */
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createLocalProvider } from "../apps/server/src/ai/local/index.js";
import { runEvaluation } from "../apps/server/src/ai/local/run-evaluation.js";

interface Field {
  label: string;
  value: string;
  query: string;
}
interface Doc {
  name: string;
  docType: string;
  title: string;
  layout: "inline" | "column" | "stacked" | "table";
  font: string;
  fields: Field[];
}

const DOCS: Doc[] = [
  {
    name: "expense_claim-h01",
    docType: "expense_claim",
    title: "EXPENSE CLAIM",
    layout: "inline",
    font: "DejaVu Sans Mono",
    fields: [
      { label: "Claimant:", value: "Hannah Lindqvist", query: "employee name" },
      { label: "Claim Ref:", value: "EXP-55120", query: "claim number" },
      { label: "Submitted On:", value: "14 March 2024", query: "submission date" },
      { label: "Amount Claimed:", value: "$1,284.50", query: "claim amount" },
      { label: "Manager Sign-off:", value: "Rahul Mehta", query: "approved by" },
    ],
  },
  {
    name: "payment_voucher-h02",
    docType: "payment_voucher",
    title: "PAYMENT VOUCHER",
    layout: "column",
    font: "Liberation Sans",
    fields: [
      { label: "Payee", value: "Contoso Freight Ltd", query: "vendor" },
      { label: "Voucher No.", value: "PV-2024-0087", query: "voucher number" },
      { label: "Payment Date", value: "03/15/2024", query: "date paid" },
      { label: "Net Payable", value: "USD 42,910.00", query: "amount paid" },
      { label: "Authorized Signatory", value: "Li Wei", query: "approver" },
    ],
  },
  {
    name: "invoice-h03",
    docType: "invoice",
    title: "TAX INVOICE",
    layout: "stacked",
    font: "DejaVu Serif",
    fields: [
      { label: "Bill To:", value: "Fabrikam Retail Inc", query: "customer" },
      { label: "Invoice Ref:", value: "FX-88213", query: "invoice id" },
      { label: "Payment Due:", value: "30-Apr-2024", query: "due date" },
      { label: "Grand Total:", value: "$9,870.25", query: "total" },
      { label: "Seller:", value: "Tailspin Supplies LLC", query: "vendor name" },
    ],
  },
  {
    name: "change_record-h04",
    docType: "change_ticket",
    title: "Change Record",
    layout: "table",
    font: "Liberation Sans",
    fields: [
      { label: "Change #", value: "CR-004512", query: "change number" },
      { label: "Requestor", value: "Sofia Rossi", query: "requested by" },
      { label: "CAB Approval", value: "Ken Adams", query: "approved by" },
      { label: "Go-Live", value: "2024-06-09", query: "implementation date" },
      { label: "Env", value: "UAT", query: "environment" },
    ],
  },
  {
    name: "access_recert-h05",
    docType: "access_review",
    title: "QUARTERLY ACCESS RECERTIFICATION",
    layout: "inline",
    font: "DejaVu Sans",
    fields: [
      { label: "Certifier:", value: "Amara Osei", query: "reviewer" },
      { label: "Certification Date:", value: "July 2, 2024", query: "review date" },
      { label: "Total Accounts:", value: "1,204", query: "number of accounts" },
      { label: "Outcome:", value: "Completed", query: "status" },
      { label: "Platform:", value: "Workday", query: "system" },
    ],
  },
  {
    name: "journal_entry-h06",
    docType: "journal_entry",
    title: "JOURNAL ENTRY",
    layout: "column",
    font: "DejaVu Sans Mono",
    fields: [
      { label: "JE Number", value: "JE-771045", query: "journal entry number" },
      { label: "Prepared By", value: "Oliver Grant", query: "preparer" },
      { label: "Posting Date", value: "2024.09.30", query: "posting date" },
      { label: "Debit Total", value: "$250,000.00", query: "amount" },
      { label: "Reviewed & Approved By", value: "Maria Santos", query: "reviewer" },
    ],
  },
  {
    name: "purchase_req-h07",
    docType: "purchase_order",
    title: "PURCHASE REQUISITION",
    layout: "stacked",
    font: "Liberation Sans",
    fields: [
      { label: "Requisition No.", value: "REQ-30981", query: "requisition number" },
      { label: "Raised By", value: "Tom Becker", query: "requester" },
      { label: "Estimated Cost", value: "€ 7,450.00", query: "cost" },
      { label: "Budget Holder Approval", value: "Nina Park", query: "approver name" },
      { label: "Date Raised", value: "2024-02-11", query: "request date" },
    ],
  },
  {
    name: "termination-h08",
    docType: "access_review",
    title: "User Termination Checklist",
    layout: "table",
    font: "DejaVu Sans",
    fields: [
      { label: "Employee", value: "Jonas Berg", query: "terminated user" },
      { label: "Last Day", value: "05/31/2024", query: "termination date" },
      { label: "Access Removed", value: "06/01/2024", query: "access removal date" },
      { label: "Ticket", value: "INC0048812", query: "ticket number" },
      { label: "Verified By", value: "Grace Kim", query: "verified by" },
    ],
  },
];

function esc(s: string) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
}

interface Placed {
  text: string;
  x: number;
  y: number;
  size: number;
  bold?: boolean;
  fieldIndex?: number;
}

function place(doc: Doc): { width: number; height: number; items: Placed[] } {
  const width = 1300;
  const height = 900;
  const items: Placed[] = [{ text: doc.title, x: 50, y: 70, size: 34, bold: true }];
  items.push({ text: "Printed 2025-01-07", x: 1050, y: 60, size: 14 });
  items.push({ text: "Page 1 of 1", x: 50, y: 860, size: 13 });
  const size = 22;
  doc.fields.forEach((f, i) => {
    if (doc.layout === "inline") {
      const y = 150 + i * 60;
      items.push({ text: f.label, x: 60, y, size, bold: true });
      items.push({ text: f.value, x: 60 + f.label.length * size * 0.62 + 18, y, size, fieldIndex: i });
    } else if (doc.layout === "column") {
      const y = 150 + i * 62;
      items.push({ text: f.label, x: 60, y, size, bold: true });
      items.push({ text: f.value, x: 430, y, size, fieldIndex: i });
    } else if (doc.layout === "stacked") {
      const y = 150 + i * 95;
      items.push({ text: f.label, x: 60, y, size: 18 });
      items.push({ text: f.value, x: 60, y: y + 32, size, fieldIndex: i });
    } else {
      const x = 40 + i * 250;
      items.push({ text: f.label, x, y: 170, size: 19, bold: true });
      items.push({ text: f.value, x, y: 215, size: 20, fieldIndex: i });
    }
  });
  return { width, height, items };
}

function svg(width: number, height: number, font: string, items: Placed[]) {
  const texts = items
    .map(
      (t) =>
        `<text x="${t.x}" y="${t.y}" font-size="${t.size}" font-weight="${t.bold ? "bold" : "normal"}">${esc(t.text)}</text>`,
    )
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fbfaf7"/><g font-family="${font}" fill="#151515">${texts}</g></svg>`,
  );
}

/** Bounding box of the dark pixels of one rendered text, as fractions. */
async function measure(width: number, height: number, font: string, item: Placed) {
  const { data, info } = await sharp(svg(width, height, font, [item]))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let x0 = info.width;
  let y0 = info.height;
  let x1 = 0;
  let y1 = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x] < 160) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  const r = (v: number) => Math.round(v * 10_000) / 10_000;
  return { x: r(x0 / width), y: r(y0 / height), width: r((x1 - x0 + 1) / width), height: r((y1 - y0 + 1) / height) };
}

export async function renderHeldOut(outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  for (const [n, doc] of DOCS.entries()) {
    const { width, height, items } = place(doc);
    // Every other document is slightly rotated and saved as JPEG, like scanned evidence.
    const angle = n % 2 ? (n % 4 === 1 ? 0.8 : -1.1) : 0;
    let image = sharp(svg(width, height, doc.font, items));
    if (angle) image = sharp(await image.png().toBuffer()).rotate(angle, { background: "#fbfaf7" });
    const file = `${doc.name}.${angle ? "jpg" : "png"}`;
    const rendered = angle ? await image.jpeg({ quality: 70 }).toBuffer() : await image.png().toBuffer();
    await writeFile(path.join(outDir, file), rendered);
    const fields = [];
    for (const item of items.filter((i) => i.fieldIndex !== undefined)) {
      const f = doc.fields[item.fieldIndex as number];
      let box = await measure(width, height, doc.font, item);
      if (angle) {
        // Map the box's corners through the rotation sharp applied (about the centre, canvas grown).
        const meta = await sharp(rendered).metadata();
        const rad = (angle * Math.PI) / 180;
        const cx = width / 2;
        const cy = height / 2;
        const corners = [
          [box.x * width, box.y * height],
          [(box.x + box.width) * width, box.y * height],
          [box.x * width, (box.y + box.height) * height],
          [(box.x + box.width) * width, (box.y + box.height) * height],
        ].map(([x, y]) => [
          (x - cx) * Math.cos(rad) - (y - cy) * Math.sin(rad) + (meta.width ?? width) / 2,
          (x - cx) * Math.sin(rad) + (y - cy) * Math.cos(rad) + (meta.height ?? height) / 2,
        ]);
        const xs = corners.map((c) => c[0]);
        const ys = corners.map((c) => c[1]);
        const W = meta.width ?? width;
        const H = meta.height ?? height;
        box = {
          x: Math.min(...xs) / W,
          y: Math.min(...ys) / H,
          width: (Math.max(...xs) - Math.min(...xs)) / W,
          height: (Math.max(...ys) - Math.min(...ys)) / H,
        };
      }
      fields.push({ key: f.query.replace(/\W+/g, "_"), query: f.query, answer: f.value, box });
    }
    await writeFile(
      path.join(outDir, `${doc.name}.json`),
      JSON.stringify({ file, width, height, doc_type: doc.docType, rotated_degrees: angle, fields }, null, 2),
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = path.resolve(process.argv[2] ?? path.join(os.tmpdir(), "extraction-heldout"));
  await renderHeldOut(outDir);
  const provider = createLocalProvider({});
  try {
    const report = await runEvaluation(outDir, provider, {
      bare: false,
      readImage: (p) => import("node:fs/promises").then((fs) => fs.readFile(p)),
    });
    console.log(
      `Held-out documents in ${outDir}: ${report.found}/${report.total} found, recall ${report.recall.toFixed(3)}`,
    );
    for (const [type, r] of Object.entries(report.byDocType)) console.log(`  ${type.padEnd(18)} ${r.found}/${r.total}`);
    for (const m of report.misses)
      console.log(`  miss ${m.document}: "${m.query}" expected "${m.expected}", got "${m.got}"`);
  } finally {
    await provider.close();
  }
}
