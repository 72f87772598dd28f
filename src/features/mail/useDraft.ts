import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useDataProvider } from "@refinedev/core";
import type { Body } from "../../api";
import { errorStatus } from "../../components/kit/errors";
import { REST, type Mail } from "./model";
import { REST_PROVIDER } from "../../providers/rest";

/** A draft as the composer holds it: the create body's fields, all present. */
export type DraftValues = Required<Pick<Body<"/api/v2/mails">, "to" | "cc" | "subject" | "body">>;

/** Autosave this long after the last change. */
export const AUTOSAVE_MS = 2000;

export type SaveState = "idle" | "saving" | "saved" | "failed" | "conflict";

const isVersionConflict = (e: unknown) =>
  errorStatus(e) === 409 && !!(e as { errors?: Record<string, unknown> })?.errors?.updatedAt;

/**
 * A draft being written: its values kept here, saved to the server a moment after the last change
 * (one save at a time, each with the version it read), saved at once before sending, attaching or
 * closing. A draft is made on the server with its first save, so an untouched composer leaves none.
 * A save refused because the draft changed elsewhere stops the autosave and says so (`conflict`):
 * the person keeps their text and picks which version stays.
 */
export function useDraft(opts: { draft?: Mail; replyToId?: number; onSaved(mail: Mail, created: boolean): void }) {
  const rest = useDataProvider()(REST_PROVIDER);
  const [values, setValuesState] = useState<DraftValues>(() => ({
    to: opts.draft?.to.map((p) => p.id) ?? [],
    cc: opts.draft?.cc.map((p) => p.id) ?? [],
    subject: opts.draft?.subject ?? "",
    body: opts.draft?.body ?? "",
  }));
  const [state, setState] = useState<SaveState>("idle");
  const [error, setError] = useState<unknown>();
  const [savedAt, setSavedAt] = useState<string>();

  // Mutable facts the saves read, so a save never works from an old render's values.
  const latest = useRef(values);
  const id = useRef(opts.draft?.id);
  const version = useRef(opts.draft?.updatedAt);
  const revision = useRef(0);
  const savedRevision = useRef(0);
  const inFlight = useRef<Promise<void> | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(false);
  // A save ends after later renders: it tells the newest callback.
  const onSaved = useRef(opts.onSaved);
  useLayoutEffect(() => {
    onSaved.current = opts.onSaved;
  });

  const saveNow = useCallback(
    async function save(): Promise<void> {
      clearTimeout(timer.current);
      if (inFlight.current) {
        await inFlight.current;
        return save();
      }
      if (stopped.current || revision.current === savedRevision.current) return;
      const snapshot = latest.current;
      const at = revision.current;
      const run = (async () => {
        setState("saving");
        try {
          const created = id.current === undefined;
          const mail = created
            ? (
                await rest.create<Mail>({
                  resource: REST.mails,
                  variables: { ...snapshot, ...(opts.replyToId ? { replyToId: opts.replyToId } : {}) },
                })
              ).data
            : (
                await rest.update<Mail>({
                  resource: REST.mails,
                  id: id.current!,
                  variables: { ...snapshot, updatedAt: version.current },
                })
              ).data;
          id.current = mail.id;
          version.current = mail.updatedAt;
          savedRevision.current = at;
          setSavedAt(mail.updatedAt);
          setError(undefined);
          setState("saved");
          onSaved.current(mail, created);
        } catch (e) {
          setError(e);
          if (isVersionConflict(e)) {
            stopped.current = true;
            setState("conflict");
          } else setState("failed");
          throw e;
        }
      })();
      inFlight.current = run.finally(() => {
        inFlight.current = undefined;
      });
      await inFlight.current;
      // Changes typed while that save was under way go in the next one.
      if (revision.current !== savedRevision.current && !stopped.current)
        timer.current = setTimeout(() => void save().catch(() => undefined), AUTOSAVE_MS);
    },
    [rest, opts.replyToId],
  );

  const setValues = useCallback(
    (patch: Partial<DraftValues>) => {
      latest.current = { ...latest.current, ...patch };
      revision.current += 1;
      setValuesState(latest.current);
      if (stopped.current) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow().catch(() => undefined), AUTOSAVE_MS);
    },
    [saveNow],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  /** The draft's id, saving it first when it has none yet (to attach a file to it). */
  const ensureSaved = useCallback(async (): Promise<number> => {
    if (id.current === undefined) {
      revision.current += 1;
      await saveNow();
    }
    return id.current!;
  }, [saveNow]);

  /** Sends the draft with its last changes in one request. */
  const send = useCallback(async (): Promise<Mail> => {
    clearTimeout(timer.current);
    if (inFlight.current) await inFlight.current.catch(() => undefined);
    const draftId = await ensureSaved();
    const { data } = await rest.custom!<Mail>({
      url: `${rest.getApiUrl()}/${REST.mails}/${draftId}/send`,
      method: "post",
      payload: { ...latest.current, updatedAt: version.current },
    });
    savedRevision.current = revision.current;
    return data;
  }, [rest, ensureSaved]);

  /** After a conflict: keep this window's text (saved over the other version) or take the other version. */
  const resolve = useCallback(
    async (keep: "mine" | "theirs") => {
      const { data } = await rest.getOne<Mail>({ resource: REST.mails, id: id.current! });
      version.current = data.updatedAt;
      stopped.current = false;
      setError(undefined);
      if (keep === "theirs") {
        latest.current = {
          to: data.to.map((p) => p.id),
          cc: data.cc.map((p) => p.id),
          subject: data.subject,
          body: data.body,
        };
        savedRevision.current = revision.current;
        setValuesState(latest.current);
        setState("saved");
        return;
      }
      await saveNow();
    },
    [rest, saveNow],
  );

  return {
    values,
    setValues,
    state,
    error,
    savedAt,
    saveNow,
    ensureSaved,
    send,
    resolve,
    id: () => id.current,
    dirty: () => revision.current !== savedRevision.current,
  };
}

export type DraftApi = ReturnType<typeof useDraft>;
