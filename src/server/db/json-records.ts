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

/** `col_a, col_b, …`: the columns' names, for an insert's column list. */
export function columnNames(columns: readonly JsonField[]): SQL {
  return sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
}

/** `alias.col_a, alias.col_b, …`: the columns read from a `jsonRecords` (or any table) by that alias. */
export function columnsOf(alias: string, columns: Record<string, JsonField>): SQL {
  return sql.join(
    Object.values(columns).map((column) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`),
    sql`, `,
  );
}

/** A table column, or a value that is no column (`textField`): its name in the JSON and its SQL type. */
export interface JsonField {
  name: string;
  getSQLType(): string;
  mapToDriverValue(value: unknown): unknown;
}

export function textField(name: string): JsonField {
  return { name, getSQLType: () => "text", mapToDriverValue: (value) => value };
}

const ordinalField: JsonField = { name: "ordinal", getSQLType: () => "integer", mapToDriverValue: (value) => value };

/**
 * `jsonb_to_recordset($placeholder::jsonb) as alias(name type, …, ordinal integer)`: `ordinal` is the row's
 * place in the JSON, for inserts that must keep the rows' order (`order by alias.ordinal`), as a VALUES list would.
 */
export function jsonRecords(alias: string, placeholder: string, fields: Record<string, JsonField>): SQL {
  const definitions = [...Object.values(fields), ordinalField].map((field) => sql`${sql.identifier(field.name)} ${sql.raw(field.getSQLType())}`);
  return sql`jsonb_to_recordset(${sql.placeholder(placeholder)}::jsonb) as ${sql.identifier(alias)}(${sql.join(definitions, sql`, `)})`;
}

/**
 * The JSON for `jsonRecords`: each row by the fields' names, each value encoded as its column encodes it,
 * except a json column's, which the JSON holds as it is (its column would make it a string first).
 */
export function jsonRows(fields: Record<string, JsonField>, rows: readonly Record<string, unknown>[]): string {
  const entries = Object.entries(fields).map(([key, field]) => [key, field, /^jsonb?$/.test(field.getSQLType())] as const);
  return JSON.stringify(
    rows.map((row, ordinal) => {
      const out: Record<string, unknown> = { ordinal };
      for (const [key, field, json] of entries) {
        const value = row[key];
        out[field.name] = value === null || value === undefined ? null : json ? value : field.mapToDriverValue(value);
      }
      return out;
    }),
  );
}
