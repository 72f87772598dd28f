import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import { useDataProvider, useList, type CrudFilter } from "@refinedev/core";
import { emptyMails, hasMore, listed, mailsReducer } from "./mailStore";
import { PAGE_SIZE, REST, type Folder, type Mail, type MailLabel, type MailSummary, type MailView } from "./model";
import { ON_REST, REST_PROVIDER } from "../../providers/rest";

/** A Mail answer without its body and conversation: what the list keeps. */
export const summaryOf = ({ body: _body, attachments: _files, thread: _thread, ...summary }: Mail): MailSummary =>
  summary;

const filtersOf = (view: MailView): CrudFilter[] => [
  ...(view.folder ? [{ field: "folder", operator: "eq" as const, value: view.folder }] : []),
  ...(view.labelId !== undefined ? [{ field: "labelId", operator: "eq" as const, value: view.labelId }] : []),
  ...(view.q ? [{ field: "q", operator: "eq" as const, value: view.q }] : []),
];

/**
 * One view's mails in the normalised store, a page at a time from the server (newest first), and the
 * changes the screen makes to them: each answer from the server replaces the mail in the store, which
 * keeps or drops it for the view.
 */
export function useMailbox(view: MailView) {
  const rest = useDataProvider()(REST_PROVIDER);
  const [state, dispatch] = useReducer(mailsReducer, view, emptyMails);
  const key = JSON.stringify(view);
  // Answers for a view the screen has left are dropped.
  const current = useRef(key);

  const loadFrom = useCallback(
    async (page: number) => {
      const asked = key;
      dispatch({ type: "loading" });
      try {
        const { data, total } = await rest.getList<MailSummary>({
          resource: REST.mails,
          pagination: { currentPage: page, pageSize: PAGE_SIZE },
          filters: filtersOf(JSON.parse(asked) as MailView),
        });
        if (current.current === asked) dispatch({ type: "page", start: (page - 1) * PAGE_SIZE, items: data, total });
      } catch (error) {
        if (current.current === asked) dispatch({ type: "failed", error });
      }
    },
    [rest, key],
  );

  useEffect(() => {
    current.current = key;
    dispatch({ type: "reset", view: JSON.parse(key) as MailView });
    void loadFrom(1);
  }, [key, loadFrom]);

  const loadMore = useCallback(() => {
    if (state.status !== "loading" && hasMore(state)) void loadFrom(Math.floor(state.loaded / PAGE_SIZE) + 1);
  }, [state, loadFrom]);

  const changed = useCallback((mail: MailSummary) => dispatch({ type: "changed", mail }), []);
  const removed = useCallback((id: number) => dispatch({ type: "removed", id }), []);

  return {
    state,
    mails: useMemo(() => listed(state), [state]),
    more: hasMore(state),
    loadMore,
    reload: useCallback(() => loadFrom(1), [loadFrom]),
    changed,
    removed,
  };
}

/** The labels with their counts; refreshed after every change that can move a count. */
export function useLabels() {
  const { result, query } = useList<MailLabel>({
    resource: REST.labels,
    ...ON_REST,
    pagination: { mode: "off" },
    errorNotification: false,
  });
  return {
    labels: result.data,
    loading: query.isLoading,
    error: query.isError ? query.error : undefined,
    refresh: query.refetch,
  };
}

/** The open mail: read from the server (which marks it read), then kept while it is shown. */
export function useOpenMail(id: number | undefined, onLoaded: (mail: Mail) => void) {
  const rest = useDataProvider()(REST_PROVIDER);
  const [mail, setMail] = useState<Mail>();
  const [error, setError] = useState<unknown>();
  // A read ends after later renders: it tells the newest callback.
  const loaded = useRef(onLoaded);
  useLayoutEffect(() => {
    loaded.current = onLoaded;
  });

  const load = useCallback(
    (which: number) =>
      rest.getOne<Mail>({ resource: REST.mails, id: which }).then(
        ({ data }) => {
          setMail(data);
          loaded.current(data);
        },
        (e: unknown) => setError(e),
      ),
    [rest],
  );

  // Another mail opened: neither the one before nor its failure is shown while it loads.
  const [openedId, setOpenedId] = useState(id);
  if (id !== openedId) {
    setOpenedId(id);
    setMail(undefined);
    setError(undefined);
  }
  useEffect(() => {
    if (id !== undefined) void load(id);
  }, [id, load]);

  return {
    mail: mail?.id === id ? mail : undefined,
    error,
    setMail,
    reload: () => {
      setError(undefined);
      return id !== undefined ? load(id) : Promise.resolve();
    },
  };
}

/** The verbs on one mail; each answers the mail as the server now has it. */
export function useMailActions() {
  const rest = useDataProvider()(REST_PROVIDER);
  return useMemo(() => {
    const verb = async (id: number, name: string, payload: object) =>
      (await rest.custom!<Mail>({ url: `${rest.getApiUrl()}/${REST.mails}/${id}/${name}`, method: "post", payload }))
        .data;
    return {
      mark: async (
        id: number,
        marks: { read?: boolean; starred?: boolean; important?: boolean; labelIds?: number[] },
      ) => (await rest.update<Mail>({ resource: REST.mails, id, variables: marks })).data,
      move: (id: number, folder: Folder) => verb(id, "move", { folder }),
      remove: async (id: number) => (await rest.deleteOne<MailSummary>({ resource: REST.mails, id })).data,
    };
  }, [rest]);
}
