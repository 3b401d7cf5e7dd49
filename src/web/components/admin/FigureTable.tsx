import type { ReactNode } from "react";

export interface FigureColumn<Row> {
  heading: string;
  value: (row: Row) => ReactNode;
}

interface FigureTableProps<Row> {
  /** The heading of the first column, whose cells name each row. */
  rowHeading: string;
  rowLabel: (row: Row) => ReactNode;
  rowKey: (row: Row) => string;
  columns: readonly FigureColumn<Row>[];
  rows: readonly Row[];
  /** A closing row (a sum): its label and one cell per column. */
  footer?: { label: string; values: readonly ReactNode[] };
  className?: string;
  labelledBy?: string;
}

/**
 * A table of money figures, one row per thing (a method, a payout, an account). Each cell carries its
 * column's heading as `data-label`, so a stylesheet can stack a row on a phone and still name each figure.
 */
export function FigureTable<Row>({ rowHeading, rowLabel, rowKey, columns, rows, footer, className, labelledBy }: FigureTableProps<Row>) {
  return (
    <table className={className} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{rowHeading}</th>
          {columns.map(({ heading }) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <th scope="row">{rowLabel(row)}</th>
            {columns.map(({ heading, value }) => (
              <td key={heading} data-label={heading}>
                {value(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && (
        <tfoot>
          <tr>
            <th scope="row">{footer.label}</th>
            {footer.values.map((value, index) => (
              <td key={columns[index]?.heading ?? index} data-label={columns[index]?.heading}>
                {value}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
