import { sql, type SQL } from "drizzle-orm";

/**
 * Rows handed to a statement as one JSON parameter, read back as a table with `jsonb_to_recordset`. The
 * statement's text then does not depend on how many rows there are (it is prepared once, whatever the
 * count), and a batch of rows costs one parameter instead of one per value.
 *
 *   const fields = { position: lines.position, label: lines.label };
 *   sql`insert into ${lines} (position, label) select l.position, l.label from ${jsonRecords("l", "lines", fields)}`
 *   statement.execute(db, { lines: jsonRows(fields, [{ position: 0, label: "A" }]) });
 */

/** A table column, or a value that is no column (`textField`): its name in the JSON and its SQL type. */
export interface JsonField {
  name: string;
  getSQLType(): string;
  mapToDriverValue(value: unknown): unknown;
}

export function textField(name: string): JsonField {
  return { name, getSQLType: () => "text", mapToDriverValue: (value) => value };
}

/** `jsonb_to_recordset($placeholder::jsonb) as alias(name type, …)`. */
export function jsonRecords(alias: string, placeholder: string, fields: Record<string, JsonField>): SQL {
  const definitions = Object.values(fields).map((field) => sql`${sql.identifier(field.name)} ${sql.raw(field.getSQLType())}`);
  return sql`jsonb_to_recordset(${sql.placeholder(placeholder)}::jsonb) as ${sql.identifier(alias)}(${sql.join(definitions, sql`, `)})`;
}

/** The JSON for `jsonRecords`: each row by the fields' names, each value encoded as its column encodes it. */
export function jsonRows(fields: Record<string, JsonField>, rows: readonly Record<string, unknown>[]): string {
  const entries = Object.entries(fields);
  return JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, field] of entries) {
        const value = row[key];
        out[field.name] = value === null || value === undefined ? null : field.mapToDriverValue(value);
      }
      return out;
    }),
  );
}
