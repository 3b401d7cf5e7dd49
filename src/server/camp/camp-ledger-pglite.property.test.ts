/** The money ledger's property (test-support/camp-ledger-property.ts) on PGlite. */
import { describeLedgerProperty } from "../test-support/camp-ledger-property.ts";

describeLedgerProperty("pglite");
