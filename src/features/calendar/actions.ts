import type { DataProvider } from "@refinedev/core";
import type { Body, Query } from "../../api";
import { errorStatus } from "../../components/kit/errors";
import { landingChange, REST, type Entry, type EntryInput, type Landing, type MarketingWindow } from "./model";

/** A drag or resize the calendar has drawn already: kept with the saved event, or put back. */
export interface Landed {
  entry: Entry;
  to: Landing;
  /** Puts the event back where it was. */
  revert(): void;
  /** Keeps the saved event (its new version) on the calendar. */
  keep(saved: Entry): void;
}

/**
 * Saves one drop: one PATCH with the version read. A refused save puts the event back and says why; a
 * stale one (409: changed elsewhere) also reloads the calendar, so the next move starts from what is stored.
 */
export async function saveLanding(
  rest: DataProvider,
  landed: Landed,
  on: { failed(error: unknown): void; stale(error: unknown): void },
) {
  try {
    const { data } = await rest.update<Entry>({
      resource: REST.entries,
      id: landed.entry.id,
      variables: { version: landed.entry.version, ...landingChange(landed.entry, landed.to) } satisfies EntryPatch,
    });
    landed.keep(data);
  } catch (error) {
    landed.revert();
    if (errorStatus(error) === 409) on.stale(error);
    else on.failed(error);
  }
}

type EntryPatch = Body<"/api/v2/calendar-entries/{id}", "patch">;

/** Both calendars take the same window. */
const span = (from: string, to: string): Query<"/api/v2/calendar-entries"> & Query<"/api/v2/calendar-events"> => ({
  from,
  to,
});

/** The caller's events overlapping from–to. */
export async function loadEntries(rest: DataProvider, from: string, to: string): Promise<Entry[]> {
  const { data } = await rest.custom!<Entry[]>({
    url: `${rest.getApiUrl()}/${REST.entries}`,
    method: "get",
    query: span(from, to),
  });
  return data;
}

/**
 * The marketing windows overlapping from–to that the caller's screens reach. A caller who may see none
 * (403) simply has none: that is not a failure to show.
 */
export async function loadWindows(rest: DataProvider, from: string, to: string): Promise<MarketingWindow[]> {
  try {
    const { data } = await rest.custom!<MarketingWindow[]>({
      url: `${rest.getApiUrl()}/${REST.windows}`,
      method: "get",
      query: span(from, to),
    });
    return data;
  } catch (error) {
    if (errorStatus(error) === 403) return [];
    throw error;
  }
}

export async function createEntry(rest: DataProvider, input: EntryInput): Promise<Entry> {
  return (await rest.create<Entry>({ resource: REST.entries, variables: input })).data;
}

export async function updateEntry(rest: DataProvider, entry: Entry, input: EntryInput): Promise<Entry> {
  return (
    await rest.update<Entry>({
      resource: REST.entries,
      id: entry.id,
      variables: { version: entry.version, ...input } satisfies EntryPatch,
    })
  ).data;
}

export async function deleteEntry(rest: DataProvider, entry: Entry): Promise<void> {
  await rest.deleteOne({ resource: REST.entries, id: entry.id });
}
