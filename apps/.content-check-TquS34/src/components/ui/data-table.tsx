import type { ReactNode } from 'react';

type Column = { label: string; className?: string };

type Props<Row> = {
  /** Read to screen readers only, before the table. */
  caption?: string;
  /** The column headers, the row headers' column first. */
  columns: readonly Column[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A row's cells in column order: the first is the row's header. */
  cells: (row: Row) => readonly [ReactNode, ...ReactNode[]];
  /** Each table keeps its own look; a part without a class gets no class attribute. */
  classes: { table: string; head: string; body?: string; row?: string; rowHeader: string; cell: string };
};

/**
 * A table whose first column names each row: the header cells are scoped to their column
 * and the first cell of each row to its row, so a screen reader announces both with every
 * value. The docs' field and status-code tables and the pricing comparison are drawn by it.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, cells, classes }: Props<Row>) {
  return (
    <table className={classes.table}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className={classes.head}>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.className}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={classes.body}>
        {rows.map((row) => {
          const [header, ...values] = cells(row);
          return (
            <tr key={rowKey(row)} className={classes.row}>
              <th scope="row" className={classes.rowHeader}>
                {header}
              </th>
              {values.map((value, index) => (
                // The columns are fixed, so a cell's position is its identity.
                <td key={index} className={classes.cell}>
                  {value}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
