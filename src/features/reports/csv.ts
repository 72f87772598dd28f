import { TOKEN_KEY, toApiError } from "../../providers/http-shared";

export interface ExportProgress {
  /** Lines received so far, the header excluded. */
  rows: number;
  /** Rows the export holds (`x-export-rows`), when the server said. */
  total?: number;
  bytes: number;
}

const NEWLINE = 10;

/**
 * Reads a streamed CSV answer chunk by chunk (so a long export shows progress and can be stopped with
 * `signal`), then hands back the whole file as a Blob with the server's file name. Axios cannot read a
 * response as it arrives in the browser; `fetch` with a stream reader can.
 */
export async function fetchCsv(
  path: string,
  query: Record<string, string>,
  { signal, onProgress }: { signal: AbortSignal; onProgress(p: ExportProgress): void },
): Promise<{ blob: Blob; filename: string; rows: number }> {
  const url = `${import.meta.env.VITE_API_URL ?? ""}${path}?${new URLSearchParams({ ...query, format: "csv" })}`;
  const token = localStorage.getItem(TOKEN_KEY);
  const res = await fetch(url, { signal, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  // An Error with the client's one failure shape on it (message, statusCode, errors).
  if (!res.ok) throw Object.assign(new Error(), toApiError(res.status, await res.json().catch(() => undefined)));
  const total = res.headers.get("x-export-rows");
  const filename = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "report.csv";
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  const progress: ExportProgress = { rows: -1, bytes: 0, ...(total !== null ? { total: Number(total) } : {}) };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.byteLength;
    // Lines counted by their ends: a line break inside a quoted cell over-counts a little, and the percent is capped below 100 until the end.
    for (let i = 0; i < value.length; i++) if (value[i] === NEWLINE) progress.rows++;
    onProgress({ ...progress, rows: Math.max(progress.rows, 0) });
  }
  return {
    blob: new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }),
    filename,
    rows: Math.max(progress.rows, 0),
  };
}

/** The percent shown for a running export; 99 at most until the last chunk arrived. */
export function percentOf(p: ExportProgress): number | undefined {
  if (!p.total) return undefined;
  return Math.min(99, Math.floor((p.rows / p.total) * 100));
}
