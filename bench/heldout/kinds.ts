/**
 * Document kinds of the held-out set. Each kind draws its labels from several wordings, its
 * values from several formats and its layout from several styles; queries are what an auditor
 * would type, chosen independently of the printed label.
 */
import type { Random } from "./random.js";

export interface Gen {
  rnd: Random;
}

export interface KvField {
  key: string;
  label: string;
  value: string;
  /** Absent for filler fields that are drawn but not asked about. */
  query?: string;
  /** When the asked-for answer is part of the printed value. */
  answer?: string;
}

export type KvStyle = "inline" | "column" | "stacked" | "twocol" | "right";

export type Section =
  | { kind: "lines"; heading?: string; lines: string[] }
  | {
      kind: "kv";
      heading?: string;
      style: KvStyle;
      colon: boolean;
      boldLabels: boolean;
      boldValues: boolean;
      fields: KvField[];
    }
  | {
      kind: "table";
      heading?: string;
      headers: string[];
      rows: string[][];
      headerFill: string;
      fields: Array<{ key: string; query: string; answer: string; row: number; col: number }>;
    };

export interface DocSpec {
  title: string;
  subtitle?: string;
  footer?: string;
  sections: Section[];
}

export interface Kind {
  docType: string;
  build(gen: Gen): DocSpec;
}

const FIRST = ["Amara", "Bjorn", "Chloe", "Dmitri", "Elena", "Farah", "Gustavo", "Hiroshi", "Ingrid", "Jamal", "Katarzyna", "Liam", "Mei", "Nikhil", "Olivia", "Pedro", "Quinn", "Rosa", "Samuel", "Tanvi", "Umar", "Valentina", "Wesley", "Yara", "Zoltan"];
const LAST = ["Okafor", "Lindgren", "Dubois", "Petrov", "Garcia", "Haddad", "Moreau", "Tanaka", "Nilsen", "Wright", "Kowalski", "Brennan", "Chen", "Iyer", "Fischer", "Santos", "Murphy", "Alvarez", "Osei", "Desai", "Farouk", "Romano", "Clarke", "Haddon", "Novak"];
const ORGS = ["Northwind Traders", "Blue Harbor Logistics LLC", "Kestrel Analytics Ltd", "Granite Peak Supplies", "Meridian Office Solutions", "Silverline Components GmbH", "Orchid Facilities Inc", "Pinecrest Consulting Group", "Redwood Data Services", "Harborview Printing Co"];
const BANKS = ["First Meridian Bank", "Coastal Savings Bank", "Union Commerce Bank"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const digits = (rnd: Random, n: number) => Array.from({ length: n }, () => rnd.int(0, 9)).join("");

export function person(rnd: Random): string {
  return `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
}

export function emailOf(name: string, domain: string): string {
  const [f, l] = name.toLowerCase().split(" ");
  return `${f}.${l}@${domain}`;
}

/** A date in one of nine printed formats. */
export function date(rnd: Random, year = rnd.int(2023, 2025)): string {
  const m = rnd.int(1, 12);
  const d = rnd.int(1, 28);
  const name = MONTHS[m - 1];
  switch (rnd.int(0, 8)) {
    case 0:
      return `${year}-${pad(m)}-${pad(d)}`;
    case 1:
      return `${pad(m)}/${pad(d)}/${year}`;
    case 2:
      return `${pad(d)}.${pad(m)}.${year}`;
    case 3:
      return `${d} ${name} ${year}`;
    case 4:
      return `${name.slice(0, 3)} ${d}, ${year}`;
    case 5:
      return `${pad(d)}-${name.slice(0, 3)}-${year}`;
    case 6:
      return `${name} ${d}, ${year}`;
    case 7:
      return `${year}/${pad(m)}/${pad(d)}`;
    default:
      return `${pad(d)} ${name.slice(0, 3)} ${year}`;
  }
}

const grouped = (n: number) => n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A money amount with a symbol, a code or none; negative ones sometimes in parentheses. */
export function amount(rnd: Random, min = 50, max = 90_000, negative = false): string {
  const n = rnd.int(min * 100, max * 100) / 100;
  const text = grouped(n);
  if (negative) return rnd.chance(0.6) ? `(${text})` : `-${text}`;
  switch (rnd.int(0, 6)) {
    case 0:
      return `$${text}`;
    case 1:
      return `USD ${text}`;
    case 2:
      return `${text} EUR`;
    case 3:
      return `€${text.replace(/,/g, "#").replace(".", ",").replace(/#/g, ".")}`;
    case 4:
      return `£${text}`;
    case 5:
      return `GBP ${text}`;
    default:
      return text;
  }
}

function identifier(rnd: Random, prefixes: string[], sep = rnd.pick(["-", "", "-"]), n = rnd.int(5, 7)): string {
  return `${rnd.pick(prefixes)}${sep}${digits(rnd, n)}`;
}

const yesNo = (rnd: Random) => rnd.pick(["Yes", "No", "Y", "Yes"]);

/** A key/value section in a random style. */
function kv(rnd: Random, fields: KvField[], styles: KvStyle[], heading?: string): Section {
  const style = rnd.pick(styles);
  return {
    kind: "kv",
    heading,
    style,
    colon: style === "inline" ? true : rnd.chance(0.5),
    boldLabels: rnd.chance(0.4),
    boldValues: rnd.chance(0.2),
    fields,
  };
}

/** Shuffles the order of fields so positions do not give answers away. */
function shuffle<T>(rnd: Random, items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rnd.int(0, i);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const ALL_KV: KvStyle[] = ["inline", "column", "stacked", "twocol"];

export const KINDS: Kind[] = [
  {
    docType: "bank_reconciliation",
    build({ rnd }) {
      const preparer = person(rnd);
      const reviewer = person(rnd);
      return {
        title: rnd.pick(["Bank Reconciliation", "BANK ACCOUNT RECONCILIATION", "Cash Reconciliation"]),
        subtitle: rnd.pick(BANKS),
        sections: [
          kv(rnd, [
            { key: "account", label: rnd.pick(["Account No.", "Bank Account #", "GL Cash Account"]), value: `${digits(rnd, 4)}-${digits(rnd, 6)}`, query: rnd.pick(["account number", "bank account"]) },
            { key: "period_end", label: rnd.pick(["Statement Date", "Period Ending", "Reconciled As Of"]), value: date(rnd), query: rnd.pick(["statement date", "period end date"]) },
          ], ALL_KV),
          kv(rnd, [
            { key: "bank_balance", label: rnd.pick(["Balance per Bank Statement", "Ending Bank Balance", "Bank Balance"]), value: amount(rnd, 10_000, 900_000), query: rnd.pick(["bank balance", "balance per bank"]) },
            { key: "outstanding", label: rnd.pick(["Less: Outstanding Cheques", "Outstanding Checks"]), value: amount(rnd, 100, 9_000, true) },
            { key: "difference", label: rnd.pick(["Unreconciled Difference", "Variance", "Unexplained Difference"]), value: rnd.chance(0.5) ? "0.00" : amount(rnd, 1, 400, true), query: rnd.pick(["difference", "unreconciled variance"]) },
          ], ["column", "right"], rnd.pick(["Summary", "Reconciliation"])),
          kv(rnd, [
            { key: "prepared_by", label: rnd.pick(["Prepared by", "Preparer", "Compiled by"]), value: preparer, query: rnd.pick(["preparer", "prepared by", "who prepared it"]) },
            { key: "reviewed_by", label: rnd.pick(["Reviewed by", "Checked by", "Reviewer Sign-off"]), value: reviewer, query: rnd.pick(["reviewer", "reviewed by"]) },
          ], ["inline", "twocol", "column"]),
        ],
      };
    },
  },
  {
    docType: "payroll_register",
    build({ rnd }) {
      const rows = Array.from({ length: rnd.int(3, 5) }, () => [
        `E${digits(rnd, 5)}`,
        person(rnd),
        grouped(rnd.int(200_000, 900_000) / 100),
        grouped(rnd.int(150_000, 600_000) / 100),
      ]);
      const headers = [rnd.pick(["Emp ID", "Employee No.", "Staff ID"]), rnd.pick(["Employee", "Name"]), rnd.pick(["Gross Pay", "Gross Earnings"]), rnd.pick(["Net Pay", "Take-home"])];
      return {
        title: rnd.pick(["Payroll Register", "PAYROLL SUMMARY REPORT"]),
        subtitle: rnd.pick(ORGS),
        sections: [
          kv(rnd, [
            { key: "period", label: rnd.pick(["Pay Period Ending", "Period End", "Pay Period End Date"]), value: date(rnd), query: rnd.pick(["pay period end", "period end date"]) },
            { key: "pay_date", label: rnd.pick(["Pay Date", "Paid On", "Check Date"]), value: date(rnd), query: rnd.pick(["payment date", "pay date"]) },
          ], ALL_KV),
          {
            kind: "table",
            headers,
            rows,
            headerFill: rnd.pick(["#dde6f0", "#e8e8e8", "#ffffff"]),
            fields: [
              { key: "employee_id", query: rnd.pick(["employee id", "employee number"]), answer: rows[0][0], row: 0, col: 0 },
              { key: "gross", query: rnd.pick(["gross pay", "gross amount"]), answer: rows[0][2], row: 0, col: 2 },
            ],
          },
          kv(rnd, [
            { key: "total_net", label: rnd.pick(["Total Net Pay", "Net Payroll Total", "Total Disbursed"]), value: amount(rnd, 10_000, 90_000), query: rnd.pick(["total net pay", "total payroll"]) },
          ], ["column", "right", "inline"]),
        ],
      };
    },
  },
  {
    docType: "vendor_master_change",
    build({ rnd }) {
      return {
        title: rnd.pick(["Vendor Master Change Form", "SUPPLIER MASTER DATA AMENDMENT", "Vendor Maintenance Request"]),
        sections: [
          kv(rnd, shuffle(rnd, [
            { key: "vendor", label: rnd.pick(["Supplier Name", "Vendor", "Payee Name"]), value: rnd.pick(ORGS), query: rnd.pick(["vendor name", "supplier"]) },
            { key: "vendor_id", label: rnd.pick(["Vendor No.", "Supplier Code", "Vendor ID"]), value: identifier(rnd, ["V", "SUP", "VND"]), query: rnd.pick(["vendor id", "vendor number"]) },
            { key: "change", label: rnd.pick(["Type of Change", "Change Requested", "Field Changed"]), value: rnd.pick(["Bank details update", "Remit-to address", "New bank account", "Payment terms"]), query: rnd.pick(["change type", "what changed"]) },
          ]), ALL_KV, "Vendor"),
          kv(rnd, shuffle(rnd, [
            { key: "requested_by", label: rnd.pick(["Requested by", "Requestor", "Submitted by"]), value: person(rnd), query: rnd.pick(["requester", "requested by"]) },
            { key: "approved_by", label: rnd.pick(["Authorised by", "Approver", "Approved by"]), value: person(rnd), query: rnd.pick(["approver", "approved by"]) },
            { key: "effective", label: rnd.pick(["Effective From", "Effective Date"]), value: date(rnd), query: "effective date" },
            { key: "callback", label: rnd.pick(["Callback Verified?", "Verbal Confirmation Obtained", "Call-back Performed"]), value: yesNo(rnd), query: rnd.pick(["callback verified", "callback performed"]) },
          ]), ALL_KV, "Authorisation"),
        ],
      };
    },
  },
  {
    docType: "termination_checklist",
    build({ rnd }) {
      const leaver = person(rnd);
      return {
        title: rnd.pick(["Employee Termination Checklist", "LEAVER ACCESS REMOVAL", "Offboarding Checklist"]),
        sections: [
          kv(rnd, shuffle(rnd, [
            { key: "employee", label: rnd.pick(["Employee Name", "Leaver", "Departing Employee"]), value: leaver, query: rnd.pick(["terminated employee", "employee name"]) },
            { key: "termination_date", label: rnd.pick(["Last Working Day", "Separation Date", "Termination Date"]), value: date(rnd), query: rnd.pick(["termination date", "last day"]) },
            { key: "ticket", label: rnd.pick(["Ref #", "Ticket No.", "Service Request"]), value: identifier(rnd, ["RITM", "REQ", "SR"], "", 7), query: rnd.pick(["ticket number", "request id"]) },
          ]), ALL_KV),
          kv(rnd, shuffle(rnd, [
            { key: "ad_disabled", label: rnd.pick(["Network Account Disabled", "AD Account Disabled", "Active Directory Disabled?"]), value: yesNo(rnd), query: rnd.pick(["account disabled", "ad disabled"]) },
            { key: "access_removed", label: rnd.pick(["Access Revoked On", "Deprovisioned On", "Access Removal Date"]), value: date(rnd), query: rnd.pick(["access removal date", "date access revoked"]) },
            { key: "hr_email", label: rnd.pick(["HR Contact", "HR E-mail", "Notified by (HR)"]), value: emailOf(person(rnd), rnd.pick(["contoso.com", "hr.example.org"])), query: rnd.pick(["hr email", "hr contact email"]) },
          ]), ["column", "twocol", "inline"], rnd.pick(["Access Removal", "IT Actions"])),
        ],
      };
    },
  },
  {
    docType: "system_configuration",
    build({ rnd }) {
      const admin = person(rnd);
      return {
        title: rnd.pick(["Security Settings", "Password Policy - Domain Configuration", "Identity Provider Settings"]),
        subtitle: rnd.pick(["Admin Console", "Settings > Security", "Console v4.2"]),
        footer: rnd.pick(["Screenshot taken for audit evidence", "Save   Cancel"]),
        sections: [
          kv(rnd, shuffle(rnd, [
            { key: "min_length", label: rnd.pick(["Minimum password length", "Min. Length", "Password Length (min)"]), value: String(rnd.pick([8, 10, 12, 14])), query: rnd.pick(["minimum password length", "password length"]) },
            { key: "expiry", label: rnd.pick(["Maximum password age (days)", "Password Expiry", "Expire passwords after"]), value: `${rnd.pick([60, 90, 180])} days`, query: rnd.pick(["password expiration", "password age"]) },
            { key: "lockout", label: rnd.pick(["Account lockout threshold", "Failed attempts before lockout", "Lockout after"]), value: `${rnd.pick([3, 5, 6, 10])} attempts`, query: rnd.pick(["lockout threshold", "account lockout"]) },
          ]), ["column", "right"], rnd.pick(["Password Policy", "Authentication"])),
          kv(rnd, shuffle(rnd, [
            { key: "mfa", label: rnd.pick(["Multi-factor authentication", "MFA Enforcement", "Require 2-Step Verification"]), value: rnd.pick(["Enabled", "Enforced", "On", "Disabled"]), query: rnd.pick(["mfa", "mfa enabled"]) },
            { key: "timeout", label: rnd.pick(["Session timeout", "Idle Session Timeout"]), value: `${rnd.pick([10, 15, 30])} minutes`, query: rnd.pick(["session timeout", "idle timeout"]) },
            { key: "modified_by", label: rnd.pick(["Last modified by", "Last Changed By", "Updated by"]), value: emailOf(admin, "corp.example.com"), query: rnd.pick(["changed by", "last modified by"]) },
          ]), ["column", "right", "stacked"], rnd.pick(["Sessions", "Access"])),
        ],
      };
    },
  },
  {
    docType: "approval_email",
    build({ rnd }) {
      const sender = person(rnd);
      const senderMail = emailOf(sender, rnd.pick(["contoso.com", "fabrikam.net"]));
      const ticket = identifier(rnd, ["CHG", "CR", "RFC"], "", 7);
      const sent = date(rnd);
      return {
        title: rnd.pick(["RE: Approval required", "FW: Request for approval", "Approved: change request"]),
        sections: [
          kv(rnd, [
            { key: "from", label: "From", value: senderMail, query: rnd.pick(["sender email", "sender"]) },
            { key: "to", label: "To", value: emailOf(person(rnd), "contoso.com") },
            { key: "sent", label: rnd.pick(["Sent", "Date"]), value: sent, query: rnd.pick(["date sent", "email date"]) },
            { key: "subject", label: "Subject", value: `Approval - ${ticket}` },
          ], ["inline"]),
          { kind: "lines", lines: [rnd.pick(["Hi team,", "Hello,"]), rnd.pick(["I have reviewed the change and approve it for implementation.", "Approved, please proceed as planned."])] },
          kv(rnd, [
            { key: "ticket", label: rnd.pick(["Ref #", "Change Ref", "Ticket"]), value: ticket, query: rnd.pick(["ticket number", "change number"]) },
            { key: "decision", label: rnd.pick(["Decision", "Outcome", "Approval Status"]), value: rnd.pick(["Approved", "Approved with conditions", "Rejected"]), query: rnd.pick(["approval status", "decision"]) },
            { key: "approver", label: rnd.pick(["Approver", "Signed", "Authorised by"]), value: sender, query: rnd.pick(["approver", "approved by"]) },
          ], ["inline", "column"]),
        ],
      };
    },
  },
  {
    docType: "expense_receipt",
    build({ rnd }) {
      const sub = rnd.int(2_000, 60_000) / 100;
      const tax = Math.round(sub * 0.0825 * 100) / 100;
      const symbol = rnd.pick(["$", "", "USD "]);
      return {
        title: rnd.pick(ORGS),
        subtitle: rnd.pick(["Thank you for your purchase", "Customer copy"]),
        sections: [
          kv(rnd, [
            { key: "receipt", label: rnd.pick(["Receipt #", "Transaction No.", "Receipt Number"]), value: `${digits(rnd, 4)}-${digits(rnd, 5)}`, query: rnd.pick(["receipt number", "transaction id"]) },
            { key: "date", label: rnd.pick(["Date", "Transaction Date", "Purchased"]), value: date(rnd), query: rnd.pick(["purchase date", "date"]) },
          ], ["inline", "column", "twocol"]),
          kv(rnd, [
            { key: "subtotal", label: "Subtotal", value: `${symbol}${grouped(sub)}` },
            { key: "tax", label: rnd.pick(["Sales Tax 8.25%", "Tax", "VAT"]), value: `${symbol}${grouped(tax)}`, query: rnd.pick(["tax amount", "tax"]) },
            { key: "total", label: rnd.pick(["Grand Total", "Amount Paid", "TOTAL", "Amount Payable"]), value: `${symbol}${grouped(sub + tax)}`, query: rnd.pick(["total amount", "total"]) },
            { key: "card", label: rnd.pick(["Paid with", "Payment Method", "Card"]), value: `VISA ****${digits(rnd, 4)}`, query: rnd.pick(["payment method", "card used"]) },
          ], ["right", "column"]),
        ],
      };
    },
  },
  {
    docType: "journal_entry",
    build({ rnd }) {
      const debit = grouped(rnd.int(100_000, 9_000_000) / 100);
      const rows = [
        [String(rnd.int(1000, 6999)), rnd.pick(["Accrued expenses", "Prepaid insurance", "Revenue adjustment"]), debit, ""],
        [String(rnd.int(1000, 6999)), rnd.pick(["Accounts payable", "Cash - operating", "Deferred revenue"]), "", debit],
      ].map((r) => r.map((c) => c || "-"));
      return {
        title: rnd.pick(["Journal Entry", "MANUAL JOURNAL VOUCHER", "General Ledger Journal"]),
        sections: [
          kv(rnd, shuffle(rnd, [
            { key: "je", label: rnd.pick(["JE Number", "Journal No.", "Entry ID", "Voucher #"]), value: identifier(rnd, ["JE", "MJ", "GJ"], "-", 6), query: rnd.pick(["journal entry number", "je id"]) },
            { key: "posted", label: rnd.pick(["Posted On", "Posting Date", "GL Date"]), value: date(rnd), query: rnd.pick(["date", "posting date"]) },
            { key: "preparer", label: rnd.pick(["Entered by", "Prepared by", "Created By"]), value: person(rnd), query: rnd.pick(["preparer", "prepared by"]) },
            { key: "approver", label: rnd.pick(["Authorised by", "Approved by", "Reviewer Approval"]), value: person(rnd), query: rnd.pick(["approver", "approved by"]) },
          ]), ALL_KV),
          {
            kind: "table",
            headers: [rnd.pick(["Account", "GL Account"]), "Description", "Debit", "Credit"],
            rows,
            headerFill: rnd.pick(["#e8e8e8", "#ffffff"]),
            fields: [{ key: "account", query: rnd.pick(["gl account", "account"]), answer: rows[0][0], row: 0, col: 0 }],
          },
          kv(rnd, [{ key: "total", label: rnd.pick(["Total Debits", "Entry Total", "Total"]), value: debit, query: rnd.pick(["total debits", "journal total"]) }], ["right", "column"]),
        ],
      };
    },
  },
  {
    docType: "soc_report",
    build({ rnd }) {
      const rows = Array.from({ length: 3 }, (_, i) => [
        `${rnd.pick(["CC", "LA", "C"])}${rnd.int(1, 9)}.${i + 1}`,
        rnd.pick(["Inspected user listings", "Observed backup restore", "Reperformed approval", "Inquired of management"]),
        rnd.pick(["No exceptions noted", "Exception noted", "No deviations"]),
      ]);
      return {
        title: rnd.pick(["SOC 1 Type 2 Report - Section 4", "Independent Service Auditor's Report", "SOC 2 Testing Results"]),
        sections: [
          kv(rnd, [
            { key: "org", label: rnd.pick(["Service Organization", "Service Provider", "Entity"]), value: rnd.pick(ORGS), query: rnd.pick(["service organization", "service provider"]) },
            { key: "report_date", label: rnd.pick(["Report Date", "Date of Opinion", "Issued"]), value: date(rnd), query: rnd.pick(["report date", "opinion date"]) },
            { key: "coverage", label: rnd.pick(["Controls Tested", "Number of Controls"]), value: String(rnd.int(24, 96)), query: rnd.pick(["number of controls", "controls tested"]) },
          ], ALL_KV),
          {
            kind: "table",
            heading: rnd.pick(["Tests of Operating Effectiveness", "Control Testing Results"]),
            headers: [rnd.pick(["Control #", "Control ID", "Ref"]), rnd.pick(["Test Performed", "Testing Procedure"]), rnd.pick(["Results", "Exceptions Noted", "Test Result"])],
            rows,
            headerFill: rnd.pick(["#dde6f0", "#ececec"]),
            fields: [
              { key: "control", query: rnd.pick(["control id", "control number"]), answer: rows[0][0], row: 0, col: 0 },
              { key: "result", query: rnd.pick(["test result", "exceptions"]), answer: rows[0][2], row: 0, col: 2 },
            ],
          },
        ],
      };
    },
  },
  {
    docType: "backup_log",
    build({ rnd }) {
      const rows = Array.from({ length: rnd.int(3, 5) }, () => [
        `${rnd.int(100000, 999999)}`,
        date(rnd, 2024),
        rnd.pick(["Success", "Completed", "Failed", "Warning"]),
        `${rnd.int(10, 900)}.${rnd.int(0, 9)} GB`,
      ]);
      return {
        title: rnd.pick(["Backup Job History", "Nightly Backup Report", "BACKUP JOB LOG"]),
        subtitle: rnd.pick(["Veeam", "NetBackup", "Commvault"]),
        sections: [
          kv(rnd, [
            { key: "job", label: rnd.pick(["Job Name", "Backup Policy", "Policy"]), value: rnd.pick(["SQL-PROD-Nightly", "FIN_ERP_Daily", "FileSrv-Weekly-Full"]), query: rnd.pick(["backup job", "job name"]) },
            { key: "server", label: rnd.pick(["Client", "Server", "Host"]), value: `${rnd.pick(["srv", "db", "app"])}-${rnd.pick(["fin", "erp", "hr"])}-${pad(rnd.int(1, 20))}` , query: rnd.pick(["server", "hostname"]) },
            { key: "success_rate", label: rnd.pick(["Success Rate", "Job Success %", "Completion Rate"]), value: `${rnd.int(90, 99)}.${rnd.int(0, 9)}%`, query: rnd.pick(["success rate", "percentage successful"]) },
          ], ["inline", "column", "twocol"]),
          {
            kind: "table",
            headers: [rnd.pick(["Job ID", "Run #", "Session"]), rnd.pick(["Start Date", "Started", "Run Date"]), rnd.pick(["Status", "Result"]), rnd.pick(["Size", "Data Transferred"])],
            rows,
            headerFill: rnd.pick(["#e8e8e8", "#dde6f0"]),
            fields: [
              { key: "job_id", query: rnd.pick(["job id", "run number"]), answer: rows[0][0], row: 0, col: 0 },
              { key: "start", query: rnd.pick(["backup date", "start date"]), answer: rows[0][1], row: 0, col: 1 },
              { key: "status", query: rnd.pick(["status", "job result"]), answer: rows[0][2], row: 0, col: 2 },
            ],
          },
        ],
      };
    },
  },
  {
    docType: "invoice",
    build({ rnd }) {
      return {
        title: rnd.pick(["INVOICE", "Tax Invoice", "Commercial Invoice"]),
        subtitle: rnd.pick(ORGS),
        sections: [
          kv(rnd, shuffle(rnd, [
            { key: "number", label: rnd.pick(["Invoice No.", "Document #", "Bill Number"]), value: identifier(rnd, ["INV", "IN", "B"], rnd.pick(["-", "/"])), query: rnd.pick(["invoice number", "invoice id"]) },
            { key: "date", label: rnd.pick(["Issued On", "Invoice Date", "Date of Issue"]), value: date(rnd), query: rnd.pick(["invoice date", "date"]) },
            { key: "customer", label: rnd.pick(["Bill To", "Customer", "Sold To"]), value: rnd.pick(ORGS), query: rnd.pick(["customer", "client name"]) },
          ]), ALL_KV),
          kv(rnd, [
            { key: "subtotal", label: "Subtotal", value: amount(rnd) },
            { key: "total", label: rnd.pick(["Amount Due", "Grand Total", "Balance Payable", "Total Due"]), value: amount(rnd), query: rnd.pick(["total amount", "invoice total"]) },
          ], ["right", "column"]),
        ],
      };
    },
  },
  {
    docType: "access_review",
    build({ rnd }) {
      const rows = Array.from({ length: 4 }, () => {
        const n = person(rnd);
        return [n.toLowerCase().replace(" ", "."), rnd.pick(["Admin", "Read only", "Approver", "Editor"]), rnd.pick(["Retain", "Revoke", "Retain", "Modify"])];
      });
      return {
        title: rnd.pick(["Quarterly User Access Recertification", "Access Review Sign-off", "Entitlement Review"]),
        sections: [
          kv(rnd, shuffle(rnd, [
            { key: "application", label: rnd.pick(["Application", "System in Scope", "Platform"]), value: rnd.pick(["Oracle EBS", "SAP S/4HANA", "Workday", "NetSuite"]), query: rnd.pick(["system", "application name"]) },
            { key: "reviewer", label: rnd.pick(["Certifier", "Reviewed by", "Reviewer"]), value: person(rnd), query: rnd.pick(["reviewer", "who reviewed"]) },
            { key: "completed", label: rnd.pick(["Completed On", "Sign-off Date", "Date Certified"]), value: date(rnd), query: rnd.pick(["review date", "completion date"]) },
            { key: "removed", label: rnd.pick(["Access Removals", "Accounts Revoked", "Users Removed"]), value: String(rnd.int(0, 14)), query: rnd.pick(["number of removals", "accounts revoked"]) },
          ]), ALL_KV),
          {
            kind: "table",
            headers: [rnd.pick(["User ID", "Account", "Login"]), rnd.pick(["Role", "Entitlement"]), rnd.pick(["Decision", "Action"])],
            rows,
            headerFill: "#e8e8e8",
            fields: [{ key: "first_user", query: rnd.pick(["user id", "account"]), answer: rows[0][0], row: 0, col: 0 }],
          },
        ],
      };
    },
  },
];
