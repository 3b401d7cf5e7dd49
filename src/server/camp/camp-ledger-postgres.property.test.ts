/** The money ledger's property (test-support/camp-ledger-property.ts) on PostgreSQL, when it answers (CI requires it). */
import { describe } from "vitest";
import { databaseKinds } from "../test-support/database.ts";
import { describeLedgerProperty } from "../test-support/camp-ledger-property.ts";

describe.runIf(databaseKinds.includes("postgres"))("on PostgreSQL", () => {
  describeLedgerProperty("postgres");
});
