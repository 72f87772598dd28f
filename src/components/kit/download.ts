import { useState } from "react";
import { useDataProvider, type BaseRecord, type CrudFilter, type CrudSort } from "@refinedev/core";
import { stringify } from "csv-stringify/browser/esm/sync";

/** Saves a Blob as a download under a name. */
export function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

interface CsvExport {
  resource: string;
  dataProviderName?: string;
  filters: CrudFilter[];
  sorters: CrudSort[];
  /** The heading of each column, and a row's cells in the same order. */
  columns: string[];
  cells(row: BaseRecord): unknown[];
  /** The file's name, without `.csv`. */
  filename: string;
  /** At most this many rows. */
  max: number;
}

/**
 * A CSV of a list's rows under its filters and sort, read page after page through the data provider
 * (the server's largest page), written in the browser. A cell that starts like a formula (=, +, -, @)
 * is written as text, so a spreadsheet never runs a name. An empty page ends the reading too: rows
 * removed meanwhile shrink the total below what was read (Refine's `useExport` would ask forever).
 */
export function useCsvExport(o: CsvExport) {
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const run = async (): Promise<void> => {
    setBusy(true);
    try {
      const { getList } = dataProvider(o.dataProviderName);
      const rows: BaseRecord[] = [];
      for (let currentPage = 1; rows.length < o.max; currentPage++) {
        const { data, total } = await getList({
          resource: o.resource,
          filters: o.filters,
          sorters: o.sorters,
          pagination: { currentPage, pageSize: 100, mode: "server" },
        });
        rows.push(...data);
        if (data.length === 0 || rows.length >= total) break;
      }
      const csv = stringify([o.columns, ...rows.slice(0, o.max).map(o.cells)], { bom: true, escape_formulas: true });
      saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), `${o.filename}.csv`);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
