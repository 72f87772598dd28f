import { useCallback, useEffect, useRef, useState } from "react";
import { useDataProvider, useInvalidate } from "@refinedev/core";
import { errorMessage, http } from "../../providers/http";
import { mergeMessages, newClientId, REST, type Message, type NewMessage, type Pending } from "./model";
import { openChatStream } from "./stream";
import { ON_REST, REST_PROVIDER } from "../../providers/rest";

/** Bursts of messages refresh the conversation list once. */
const LIST_REFRESH_MS = 150;

/**
 * The live side of the chat: the user's event stream, the messages it brought (and the ones this tab sent),
 * by conversation. Each message refreshes the conversation list (unread counts, order); a (re)started stream
 * refreshes it too and bumps `generation`, so an open conversation reads what came before the stream.
 */
export function useLiveChat() {
  const invalidate = useInvalidate();
  const [live, setLive] = useState<Record<number, Message[]>>({});
  const [generation, setGeneration] = useState(0);
  // undefined while the first connection is made; false while waiting to reconnect.
  const [online, setOnline] = useState<boolean | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const refreshList = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void invalidate({ resource: REST.conversations, ...ON_REST, invalidates: ["list", "detail"] }),
      LIST_REFRESH_MS,
    );
  }, [invalidate]);

  const add = useCallback((messages: Message[]) => {
    if (!messages.length) return;
    setLive((prev) => {
      const next = { ...prev };
      for (const m of messages) next[m.conversationId] = mergeMessages(next[m.conversationId], [m]);
      return next;
    });
  }, []);

  useEffect(() => {
    const close = openChatStream(
      {
        onMessage: (m) => {
          add([m]);
          refreshList();
        },
        onReady: () => {
          setGeneration((n) => n + 1);
          refreshList();
        },
        onStatus: setOnline,
      },
      { baseUrl: http.defaults.baseURL ?? "" },
    );
    return () => {
      close();
      clearTimeout(timer.current);
    };
  }, [add, refreshList]);

  return { live, add, generation, online, refreshList };
}

/**
 * Optimistic sending: a message shows at once as pending, goes to the server with its clientId, and is
 * replaced by the stored one; a failed one stays, marked, until it is retried (same clientId: never sent
 * twice) or discarded.
 */
export function useSender(stored: (messages: Message[]) => void) {
  const rest = useDataProvider()(REST_PROVIDER);
  const [pending, setPending] = useState<Pending[]>([]);

  const post = useCallback(
    async (p: Pending) => {
      const image = p.contentType === "image";
      const url = `${rest.getApiUrl()}/${image ? REST.images(p.conversationId) : REST.messages(p.conversationId)}`;
      let payload: FormData | NewMessage;
      if (image) {
        payload = new FormData();
        payload.append("clientId", p.clientId);
        if (p.body) payload.append("body", p.body);
        payload.append("file", p.file!);
      } else {
        payload = { clientId: p.clientId, body: p.body };
      }
      try {
        const { data } = await rest.custom!<Message>({ url, method: "post", payload });
        stored([data]);
        setPending((list) => list.filter((x) => x.clientId !== p.clientId));
        if (p.previewUrl) URL.revokeObjectURL(p.previewUrl);
      } catch (e) {
        setPending((list) =>
          list.map((x) => (x.clientId === p.clientId ? { ...x, status: "failed", error: errorMessage(e) } : x)),
        );
      }
    },
    [rest, stored],
  );

  const start = useCallback(
    (p: Omit<Pending, "clientId" | "status" | "createdAt">) => {
      const made: Pending = { ...p, clientId: newClientId(), status: "sending", createdAt: new Date().toISOString() };
      setPending((list) => [...list, made]);
      void post(made);
    },
    [post],
  );

  const send = useCallback(
    (conversationId: number, body: string) => start({ conversationId, body, contentType: "text" }),
    [start],
  );
  const sendImage = useCallback(
    (conversationId: number, file: File) =>
      start({ conversationId, body: "", contentType: "image", file, previewUrl: URL.createObjectURL(file) }),
    [start],
  );

  const retry = useCallback(
    (clientId: string) => {
      const p = pending.find((x) => x.clientId === clientId);
      if (!p) return;
      const again: Pending = { ...p, status: "sending", error: undefined };
      setPending((list) => list.map((x) => (x.clientId === clientId ? again : x)));
      void post(again);
    },
    [pending, post],
  );

  const discard = useCallback((clientId: string) => {
    setPending((list) => {
      const gone = list.find((x) => x.clientId === clientId);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((x) => x.clientId !== clientId);
    });
  }, []);

  return { pending, send, sendImage, retry, discard };
}
