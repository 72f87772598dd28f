import { useCallback, useMemo, useState, type CSSProperties } from "react";
import { useList, useOne, useTranslate } from "@refinedev/core";
import { List } from "@refinedev/antd";
import { Button, Grid, Result, Skeleton, theme } from "antd";
import { MessageOutlined } from "@ant-design/icons";
import { useSearchParams } from "react-router";
import { errorMessage, isNotFound } from "../../components/kit/errors";
import { useSession } from "../../providers/session";
import { REST, type Conversation } from "./model";
import { useLiveChat, useSender } from "./useChat";
import { ConversationList } from "./ConversationList";
import { ConversationView } from "./ConversationView";
import "./chat.css";
import { ON_REST } from "../../providers/rest";

/**
 * The chat app: the user's conversations and contacts beside the open conversation (two panes on a desktop,
 * one at a time on a phone). The open conversation — the active one — is `?c=<id>` in the address, so it
 * survives a reload and the back button. New messages arrive through the event stream.
 */
export function ChatScreen() {
  const t = useTranslate();
  const me = useSession().user?.id;
  const [params, setParams] = useSearchParams();
  const activeConversationId = Number(params.get("c")) || undefined;
  const wide = !!Grid.useBreakpoint().md;
  const { token } = theme.useToken();
  // antd writes no CSS variables of its own: chat.css reads the theme (light or dark) from these.
  const colors = useMemo(
    () =>
      ({
        "--chat-border": token.colorBorderSecondary,
        "--chat-bg": token.colorBgContainer,
        "--chat-pane-bg": token.colorBgLayout,
        "--chat-text": token.colorText,
        "--chat-muted": token.colorTextSecondary,
        "--chat-hover": token.colorFillTertiary,
        "--chat-active": token.colorPrimaryBg,
        "--chat-primary": token.colorPrimary,
        "--chat-mine-bg": token.colorPrimary,
        "--chat-mine-text": token.colorTextLightSolid,
        "--chat-theirs-bg": token.colorBgContainer,
        "--chat-error": token.colorError,
        "--chat-warning": token.colorWarningText,
      }) as CSSProperties,
    [token],
  );
  const liveChat = useLiveChat();
  const sender = useSender(liveChat.add);

  const conversations = useList<Conversation>({
    resource: REST.conversations,
    ...ON_REST,
    pagination: { pageSize: 100 },
    errorNotification: false,
  });
  const active = useOne<Conversation>({
    resource: REST.conversations,
    ...ON_REST,
    id: activeConversationId ?? 0,
    queryOptions: { enabled: activeConversationId !== undefined },
    errorNotification: false,
  });

  const open = useCallback(
    (id: number | undefined) => {
      const next = new URLSearchParams(params);
      if (id === undefined) next.delete("c");
      else next.set("c", String(id));
      setParams(next);
    },
    [params, setParams],
  );

  const list = useMemo(() => conversations.result.data ?? [], [conversations.result.data]);

  // What this screen has read, shown at once: the list's own counts follow when it is read again.
  const [readThrough, setReadThrough] = useState<ReadonlyMap<number, number>>(new Map());
  const { refreshList } = liveChat;
  const onRead = useCallback(
    (conversationId: number, upTo: number, done: Promise<boolean>) => {
      setReadThrough((m) => new Map(m).set(conversationId, Math.max(upTo, m.get(conversationId) ?? 0)));
      void done.then((kept) => {
        if (kept) refreshList();
        else
          setReadThrough((m) => {
            const next = new Map(m);
            next.delete(conversationId);
            return next;
          });
      });
    },
    [refreshList],
  );

  const pane = () => {
    if (activeConversationId === undefined) {
      return (
        <div className="chat-placeholder">
          <MessageOutlined aria-hidden />
          <p>{t("chat.pickConversation")}</p>
        </div>
      );
    }
    const conversation = active.result;
    if (active.query.isError) {
      return (
        <Result
          status={isNotFound(active.query.error) ? "404" : "error"}
          title={isNotFound(active.query.error) ? t("chat.notFound") : t("chat.loadFailed")}
          subTitle={isNotFound(active.query.error) ? undefined : errorMessage(active.query.error)}
          extra={<Button onClick={() => open(undefined)}>{t("chat.backToList")}</Button>}
        />
      );
    }
    if (!conversation || conversation.id !== activeConversationId)
      return <Skeleton active avatar paragraph={{ rows: 6 }} style={{ padding: 24 }} />;
    return (
      <ConversationView
        key={conversation.id}
        conversation={conversation}
        me={me}
        live={liveChat.live[conversation.id]}
        generation={liveChat.generation}
        addStored={liveChat.add}
        onRead={onRead}
        sender={sender}
        onBack={wide ? undefined : () => open(undefined)}
      />
    );
  };

  return (
    <List title={t("resources.chat")}>
      <div
        className="chat-frame"
        data-panes={wide ? "two" : "one"}
        data-screen-ready={conversations.query.isLoading ? undefined : ""}
        style={colors}
      >
        {(wide || activeConversationId === undefined) && (
          <ConversationList
            conversations={list}
            loading={conversations.query.isLoading}
            error={conversations.query.isError ? conversations.query.error : undefined}
            onRetry={() => void conversations.query.refetch()}
            me={me}
            activeId={activeConversationId}
            readThrough={readThrough}
            online={liveChat.online}
            onOpen={open}
          />
        )}
        {(wide || activeConversationId !== undefined) && <section className="chat-pane">{pane()}</section>}
      </div>
    </List>
  );
}
