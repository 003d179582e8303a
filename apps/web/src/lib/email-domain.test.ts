import { describe, expect, it } from "vitest";
import { emailDomain, isAllowedEmail } from "./email-domain";

const blocked = ["gmail.com", "yahoo.com", "hotmail.com"];

describe("the organizational e-mail rule", () => {
  it("accepts a work address", () => {
    expect(isAllowedEmail("auditor@big-four.example", blocked)).toBe(true);
  });

  it("refuses a consumer domain whatever its case", () => {
    expect(isAllowedEmail("someone@gmail.com", blocked)).toBe(false);
    expect(isAllowedEmail("Someone@GMAIL.COM", blocked)).toBe(false);
  });

  it("judges the domain after the last @", () => {
    expect(emailDomain('"odd@corp.example"@gmail.com')).toBe("gmail.com");
    expect(isAllowedEmail('"odd@corp.example"@gmail.com', blocked)).toBe(false);
    expect(isAllowedEmail('"odd@gmail.com"@corp.example', blocked)).toBe(true);
  });

  it("refuses a missing, blank or domain-less address", () => {
    expect(isAllowedEmail(undefined, blocked)).toBe(false);
    expect(isAllowedEmail("   ", blocked)).toBe(false);
    expect(isAllowedEmail("nobody", blocked)).toBe(false);
    expect(isAllowedEmail("nobody@", blocked)).toBe(false);
  });

  it("does not block a domain that merely ends like a blocked one", () => {
    expect(isAllowedEmail("a@notgmail.com", blocked)).toBe(true);
  });
});
