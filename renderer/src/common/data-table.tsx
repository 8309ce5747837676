import type { Key, ReactNode } from 'react';

/** One column of a data table: its header and how a row fills its cell. */
export interface Column<Row> {
  header: ReactNode;
  /** Read to screen readers only: a column of row actions has no visible title. */
  hiddenHeader?: boolean;
  /** IDs, codes and references read left to right in Arabic too. */
  ltr?: boolean;
  className?: string;
  cell(row: Row): ReactNode;
}

/**
 * The app's tables (History detail, shifts, operators): scrolling on its own when wider than
 * the screen, headers scoped to their columns, an optional caption for screen readers.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
}: {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row, index: number): Key;
  caption?: string;
}) {
  return (
    <div className="table-scroll">
      <table className="table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column.hiddenHeader ? (
                  <span className="visually-hidden">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column, at) => (
                <td key={at} dir={column.ltr ? 'ltr' : undefined} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
