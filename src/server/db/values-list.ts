import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Multi-row `VALUES` lists for statements drizzle's query builder cannot express (an insert that reads the
 * id of another insert in the same statement, through a data-modifying CTE). The statement text depends
 * only on the columns and the number of rows; every value is a named placeholder, so the text can be
 * prepared once (prepared-statement.ts) and run with `valuesOf`'s values.
 *
 *   const columns = { position: lines.position, label: lines.label };
 *   sql`insert into ${lines} (${columnNames([lines.parentId, ...Object.values(columns)])})
 *       select parent.id, v.* from parent, ${valuesList("v", "l", columns, 2)}`
 *   valuesOf("l", [{ position: 0, label: "A" }, { position: 1, label: "B" }], values);
 */

/**
 * A parameter cast to its column's type, so VALUES lists and SELECT lists need no inference. The column
 * encodes the value as in an ordinary insert, and null stays SQL NULL there too (a placeholder would
 * otherwise hand null to the column's encoder: a timestamp's throws, a json column's stores JSON null).
 */
function typed(column: PgColumn, value: unknown): SQL {
  const encoder = { mapToDriverValue: (input: unknown) => (input === null || input === undefined ? null : column.mapToDriverValue(input)) };
  return sql`${sql.param(value, encoder)}::${sql.raw(column.getSQLType())}`;
}

/** `col_a, col_b, …`: the columns' names, for an insert's column list. */
export function columnNames(columns: PgColumn[]): SQL {
  return sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
}

/** `(values (…), (…)) as alias(col, …)`: `rows` rows, each value the placeholder `${prefix}${row}.${column key}`. */
export function valuesList(alias: string, prefix: string, columns: Record<string, PgColumn>, rows: number): SQL {
  const tuples = Array.from(
    { length: rows },
    (_, row) =>
      sql`(${sql.join(
        Object.entries(columns).map(([key, column]) => typed(column, sql.placeholder(`${prefix}${row}.${key}`))),
        sql`, `,
      )})`,
  );
  return sql`(values ${sql.join(tuples, sql`, `)}) as ${sql.identifier(alias)}(${columnNames(Object.values(columns))})`;
}

/** Adds the placeholder values of `rows` for a `valuesList` with the same prefix to `into`. */
export function valuesOf(prefix: string, rows: Record<string, unknown>[], into: Record<string, unknown>): void {
  rows.forEach((row, index) => {
    for (const [key, value] of Object.entries(row)) into[`${prefix}${index}.${key}`] = value;
  });
}
