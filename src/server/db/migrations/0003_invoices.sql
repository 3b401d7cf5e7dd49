CREATE TABLE "invoice_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uploaded_at" timestamp with time zone NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"imported_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"ok" boolean NOT NULL,
	"row_count" integer NOT NULL,
	"error_count" integer NOT NULL,
	"errors" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"due_date" date NOT NULL,
	"avtalegiro" boolean NOT NULL,
	"invoice_number" text,
	"kid" text
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_import_id_invoice_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."invoice_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_imports_imported_at_idx" ON "invoice_imports" USING btree ("imported_at");--> statement-breakpoint
CREATE INDEX "invoices_due_date_idx" ON "invoices" USING btree ("due_date");