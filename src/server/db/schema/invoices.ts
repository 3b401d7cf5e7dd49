import { boolean, customType, date, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // pg hands back a Buffer, PGlite a Uint8Array; both are Uint8Arrays.
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayLike<number>)),
});

/**
 * Every import attempt of the accounting system's export (D8), kept so the admin sees when the list was
 * last refreshed and why a file was refused. A failed import changes nothing else.
 */
export const invoiceImports = pgTable(
  "invoice_imports",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull(),
    /** "opplastet fil «x.csv»" or the configured source without query string or credentials. */
    source: text("source").notNull(),
    ok: boolean("ok").notNull(),
    rowCount: integer("row_count").notNull(),
    errorCount: integer("error_count").notNull(),
    /** The first reported errors: [{ line, message }]. */
    errors: jsonb("errors").$type<{ line: number; message: string }[]>().notNull(),
  },
  (table) => [index("invoice_imports_imported_at_idx").on(table.importedAt)],
);

/** The unpaid invoices of the last successful import, replaced as a whole in one transaction. */
export const invoices = pgTable(
  "invoices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    importId: integer("import_id")
      .notNull()
      .references(() => invoiceImports.id),
    /** Line (CSV) or row (XLSX) in the imported file. */
    line: integer("line").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Øre, so 1 234,50 kr is 123450: no rounding on the way through. */
    amountOre: integer("amount_ore").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    avtalegiro: boolean("avtalegiro").notNull(),
    invoiceNumber: text("invoice_number"),
    kid: text("kid"),
  },
  (table) => [index("invoices_due_date_idx").on(table.dueDate)],
);

/** The last uploaded export that imported cleanly: what Refresh reads when INVOICE_SOURCE is not set. */
export const invoiceFiles = pgTable("invoice_files", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  fileName: text("file_name").notNull(),
  content: bytea("content").notNull(),
});
