import { useMemo, useState } from "react";
import { useCreate, useList, useTranslate } from "@refinedev/core";
import { App, Avatar, Badge, Button, Empty, Input, Result, Segmented, Skeleton, Tooltip } from "antd";
import { PictureOutlined, TeamOutlined, UsergroupAddOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { date } from "../../components/kit/format";
import { errorMessage } from "../../components/kit/errors";
import {
  conversationName,
  initials,
  relativeDay,
  REST,
  type Contact,
  type Conversation,
  type NewConversation,
} from "./model";
import { NewGroupDialog } from "./NewGroupDialog";
import { ON_REST } from "../../providers/rest";

/** A person's avatar colour, the same for them everywhere; each dark enough for white initials at 4.5:1. */
const COLORS = ["#008659", "#8e33ff", "#008198", "#d14727", "#9e6a00", "#3366ff", "#d63384"];
export const colorOf = (id: number) => COLORS[id % COLORS.length];

export function PersonAvatar({ id, name, size = 40 }: { id: number; name: string; size?: number }) {
  return (
    <Avatar size={size} style={{ background: colorOf(id), flex: "none" }} aria-hidden>
      {initials(name)}
    </Avatar>
  );
}

/** When a conversation last moved: the time today, "yesterday", else the date. */
function When({ iso }: { iso: string }) {
  const t = useTranslate();
  const day = relativeDay(iso);
  return (
    <time dateTime={iso}>
      {day === "today" ? dayjs(iso).format("LT") : day === "yesterday" ? t("chat.yesterday") : date(iso)}
    </time>
  );
}

interface Props {
  conversations: Conversation[];
  loading: boolean;
  error?: unknown;
  onRetry(): void;
  me: number | undefined;
  activeId: number | undefined;
  /** The newest message read per conversation on this screen, which the list may not know yet. */
  readThrough: ReadonlyMap<number, number>;
  online: boolean | undefined;
  onOpen(id: number): void;
}

/** The user's conversations (unread badges, last message) and their contacts, with a search and "new group". */
export function ConversationList({
  conversations,
  loading,
  error,
  onRetry,
  me,
  activeId,
  readThrough,
  online,
  onOpen,
}: Props) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const [view, setView] = useState<"chats" | "contacts">("chats");
  const [search, setSearch] = useState("");
  const [grouping, setGrouping] = useState(false);
  const { mutateAsync: create } = useCreate<Conversation>();
  const q = search.trim();

  const contacts = useList<Contact>({
    resource: REST.contacts,
    ...ON_REST,
    pagination: { pageSize: 100 },
    filters: q ? [{ field: "q", operator: "eq", value: q }] : [],
    queryOptions: { enabled: view === "contacts" },
    errorNotification: false,
  });

  const shown = useMemo(() => {
    const needle = q.toLowerCase();
    return needle ? conversations.filter((c) => conversationName(c, me).toLowerCase().includes(needle)) : conversations;
  }, [conversations, q, me]);
  // The open conversation is being read, and one read here is read up to its last message: no count to show.
  const unread = (c: Conversation) =>
    c.id === activeId || (c.lastMessage && (readThrough.get(c.id) ?? 0) >= c.lastMessage.id) ? 0 : c.unreadCount;
  const totalUnread = conversations.reduce((n, c) => n + unread(c), 0);

  const talkTo = async (contact: Contact) => {
    try {
      const { data } = await create({
        resource: REST.conversations,
        ...ON_REST,
        values: { type: "direct", participantIds: [contact.id] } satisfies NewConversation,
        successNotification: false,
        errorNotification: false,
      });
      setView("chats");
      setSearch("");
      onOpen(data.id);
    } catch (e) {
      notification.error({ message: t("chat.startFailed"), description: errorMessage(e) });
    }
  };

  const preview = (c: Conversation) => {
    const m = c.lastMessage;
    if (!m) return <span className="chat-muted">{t("chat.noMessagesYet")}</span>;
    const who =
      m.senderId === me
        ? t("chat.you")
        : c.type === "group"
          ? c.participants.find((p) => p.id === m.senderId)?.name
          : undefined;
    // The text in its own direction, so a long one is cut at its end in a right-to-left page too.
    return (
      <>
        {who && (
          <span className="chat-item-who">
            <bdi>{who}</bdi>:
          </span>
        )}
        {m.contentType === "image" ? (
          <span className="chat-item-body">
            <PictureOutlined aria-hidden /> {m.body || t("chat.photo")}
          </span>
        ) : (
          <span className="chat-item-body" dir="auto">
            {m.body}
          </span>
        )}
      </>
    );
  };

  let body;
  if (view === "chats") {
    if (loading) body = <Skeleton active avatar paragraph={{ rows: 2 }} style={{ padding: 16 }} />;
    else if (error) {
      body = (
        <Result
          status="warning"
          title={t("chat.loadFailed")}
          subTitle={errorMessage(error)}
          extra={<Button onClick={onRetry}>{t("chat.retry")}</Button>}
        />
      );
    } else if (!shown.length) {
      body = (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q ? t("chat.noMatch") : t("chat.noConversations")} />
      );
    } else {
      body = (
        <ul className="chat-items" aria-label={t("chat.conversations")}>
          {shown.map((c) => {
            const name = conversationName(c, me);
            const other = c.type === "direct" ? c.participants.find((p) => p.id !== me) : undefined;
            const count = unread(c);
            return (
              <li key={c.id}>
                <button
                  type="button"
                  className="chat-item"
                  aria-current={c.id === activeId ? "true" : undefined}
                  onClick={() => onOpen(c.id)}
                >
                  {other ? (
                    <PersonAvatar id={other.id} name={other.name} />
                  ) : (
                    <Avatar size={40} className="chat-group-avatar" icon={<TeamOutlined />} aria-hidden />
                  )}
                  <span className="chat-item-text">
                    <span className="chat-item-top">
                      <strong className="chat-item-name" dir="auto">
                        {name}
                      </strong>
                      {(c.lastMessageAt ?? c.createdAt) && (
                        <span className="chat-item-when">
                          <When iso={c.lastMessageAt ?? c.createdAt} />
                        </span>
                      )}
                    </span>
                    <span className="chat-item-bottom">
                      <span className="chat-item-preview">{preview(c)}</span>
                      {count > 0 && <Badge count={count} overflowCount={99} aria-label={t("chat.unread", { count })} />}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      );
    }
  } else if (contacts.query.isLoading) {
    body = <Skeleton active avatar paragraph={{ rows: 2 }} style={{ padding: 16 }} />;
  } else if (contacts.query.isError) {
    body = (
      <Result
        status="warning"
        title={t("chat.loadFailed")}
        subTitle={errorMessage(contacts.query.error)}
        extra={<Button onClick={() => void contacts.query.refetch()}>{t("chat.retry")}</Button>}
      />
    );
  } else if (!contacts.result.data.length) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={q ? t("chat.noMatch") : t("chat.noContacts")} />;
  } else {
    body = (
      <ul className="chat-items" aria-label={t("chat.contacts")}>
        {contacts.result.data.map((p) => (
          <li key={p.id}>
            <button type="button" className="chat-item" onClick={() => void talkTo(p)}>
              <PersonAvatar id={p.id} name={p.name} />
              <span className="chat-item-text">
                <strong className="chat-item-name" dir="auto">
                  {p.name}
                </strong>
                <span className="chat-item-preview chat-muted">
                  {p.area === "supplier" && p.shops.length ? (
                    <span className="chat-item-body" dir="auto">
                      {p.shops.join(", ")}
                    </span>
                  ) : (
                    <span className="chat-item-body">{t(`chat.area.${p.area}`)}</span>
                  )}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <aside className="chat-side" aria-label={t("chat.conversations")}>
      <div className="chat-side-head">
        <Segmented
          block
          value={view}
          onChange={(v) => setView(v as "chats" | "contacts")}
          options={[
            {
              value: "chats",
              label: (
                <span>
                  {t("chat.chats")} {totalUnread > 0 && <Badge count={totalUnread} size="small" overflowCount={99} />}
                </span>
              ),
            },
            { value: "contacts", label: t("chat.contacts") },
          ]}
        />
        <div className="chat-side-tools">
          <Input.Search
            allowClear
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={view === "chats" ? t("chat.searchChats") : t("chat.searchContacts")}
            aria-label={view === "chats" ? t("chat.searchChats") : t("chat.searchContacts")}
          />
          <Tooltip title={t("chat.newGroup")}>
            <Button icon={<UsergroupAddOutlined />} aria-label={t("chat.newGroup")} onClick={() => setGrouping(true)} />
          </Tooltip>
        </div>
        {online === false && (
          <div className="chat-offline" role="status">
            {t("chat.reconnecting")}
          </div>
        )}
      </div>
      <div className="chat-side-body">{body}</div>
      {grouping && (
        <NewGroupDialog
          onClose={() => setGrouping(false)}
          onMade={(c) => {
            setGrouping(false);
            setView("chats");
            onOpen(c.id);
          }}
        />
      )}
    </aside>
  );
}
