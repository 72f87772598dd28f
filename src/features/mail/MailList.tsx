import { useEffect, useRef } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Empty, Result, Table } from "antd";
import { ExclamationCircleFilled, PaperClipOutlined, StarFilled, StarOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { errorMessage } from "../../components/kit/errors";
import type { MailsState } from "./mailStore";
import type { MailLabel, MailSummary, MailView } from "./model";
import { when } from "./format";

/** Who a row names: the sender, or for one's own mail (sent, drafts) its recipients. */
function counterpart(m: MailSummary, t: ReturnType<typeof useTranslate>): string {
  if (m.home === "inbox") return m.from.name;
  const to = [...m.to, ...m.cc].map((p) => p.name);
  if (m.home === "drafts") return to.length ? t("mail.list.draftTo", { names: to.join(", ") }) : t("mail.list.draft");
  return t("mail.list.to", { names: to.join(", ") });
}

function emptyWords(view: MailView, t: ReturnType<typeof useTranslate>) {
  if (view.q) return { title: t("mail.empty.search", { q: view.q }), text: t("mail.empty.searchHint") };
  if (view.labelId !== undefined) return { title: t("mail.empty.label"), text: t("mail.empty.labelHint") };
  const folder = view.folder ?? "all";
  return { title: t(`mail.empty.${folder}`), text: t(`mail.empty.${folder}Hint`) };
}

/**
 * One view's mails from the normalised store: unread ones bold, the cursor (keyboard) and the open one
 * marked, a page at a time ("more" below the rows).
 */
export function MailList({
  state,
  mails,
  labels,
  openId,
  cursor,
  hrefOf,
  onOpen,
  onStar,
  onMore,
  more,
  onRetry,
}: {
  state: MailsState;
  mails: MailSummary[];
  labels: MailLabel[];
  openId?: number;
  cursor: number;
  hrefOf(mail: MailSummary): string;
  onOpen(mail: MailSummary): void;
  onStar(mail: MailSummary): void;
  onMore(): void;
  more: boolean;
  onRetry(): void;
}) {
  const t = useTranslate();
  const own = new Map(labels.filter((l) => !l.system).map((l) => [l.id as number, l]));
  const holder = useRef<HTMLDivElement>(null);

  // The cursor's row stays in sight as j and k move it.
  useEffect(() => {
    holder.current
      ?.querySelector<HTMLElement>(`[data-row-key="${mails[cursor]?.id}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, [cursor, mails]);

  if (state.status === "error" && !mails.length) {
    return (
      <Result
        status="error"
        title={t("mail.loadFailed")}
        subTitle={errorMessage(state.error)}
        extra={<Button onClick={onRetry}>{t("mail.retry")}</Button>}
      />
    );
  }
  const words = emptyWords(state.view, t);
  return (
    <div ref={holder} className="mail-list">
      <Table<MailSummary>
        dataSource={mails}
        rowKey="id"
        showHeader={false}
        // Fixed: a long subject or snippet ends in an ellipsis instead of widening the table past its pane.
        tableLayout="fixed"
        pagination={false}
        size="small"
        loading={state.status === "loading" && !mails.length}
        locale={{
          emptyText:
            state.status === "loading" ? (
              " "
            ) : (
              <Empty
                description={
                  <>
                    <strong>{words.title}</strong>
                    <br />
                    {words.text}
                  </>
                }
              />
            ),
        }}
        rowClassName={(m, i) =>
          [m.read ? "" : "is-unread", m.id === openId ? "is-open" : "", i === cursor ? "is-cursor" : ""]
            .filter(Boolean)
            .join(" ")
        }
        onRow={(m) =>
          ({
            onClick: () => onOpen(m),
            "aria-selected": m.id === openId,
            "aria-current": m.id === openId ? "true" : undefined,
          }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            key: "mail",
            render: (_, m) => (
              <div className="mail-row">
                <Button
                  type="text"
                  size="small"
                  className="mail-row-star"
                  aria-pressed={m.starred}
                  aria-label={m.starred ? t("mail.actions.unstar") : t("mail.actions.star")}
                  icon={m.starred ? <StarFilled className="mail-star-on" /> : <StarOutlined />}
                  onClick={(e) => {
                    e.stopPropagation();
                    onStar(m);
                  }}
                />
                <div className="mail-row-main">
                  <div className="mail-row-top">
                    <bdi className="mail-row-who">{counterpart(m, t)}</bdi>
                    {m.important && (
                      <ExclamationCircleFilled className="mail-important-on" aria-label={t("mail.actions.important")} />
                    )}
                    {m.attachmentCount > 0 && (
                      <PaperClipOutlined aria-label={t("mail.files.title", { count: m.attachmentCount })} />
                    )}
                    <span className="mail-row-date">{when(m.sentAt ?? m.updatedAt)}</span>
                  </div>
                  {/* The subject is a real link: it opens in a new tab too, and Enter on it opens the mail. */}
                  {/* dir="auto": a line in another direction than the page's is cut at its own end, not its start. */}
                  <Link
                    to={hrefOf(m)}
                    className="mail-row-subject"
                    dir="auto"
                    onClick={(e) => {
                      // A plain click opens it here (the row's handler); with a modifier the browser opens a tab.
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) e.stopPropagation();
                      else e.preventDefault();
                    }}
                  >
                    {/* In a bdi, the hidden word does not decide the line's direction: the subject does. */}
                    {!m.read && <bdi className="mail-sr-only">{t("mail.list.unread")} </bdi>}
                    <span>{m.subject || t("mail.noSubject")}</span>
                  </Link>
                  <div className="mail-row-snippet" dir="auto">
                    {m.snippet}
                  </div>
                  {m.labelIds.some((id) => own.has(id)) && (
                    <div className="mail-row-labels">
                      {m.labelIds
                        .filter((id) => own.has(id))
                        .map((id) => (
                          <span key={id} className="mail-row-label">
                            <span
                              className="mail-dot"
                              style={{ background: own.get(id)!.color ?? undefined }}
                              aria-hidden
                            />
                            <bdi>{own.get(id)!.name}</bdi>
                          </span>
                        ))}
                    </div>
                  )}
                </div>
              </div>
            ),
          },
        ]}
        footer={
          more
            ? () => (
                <Button block type="text" onClick={onMore} loading={state.status === "loading"}>
                  {t("mail.list.more", { shown: mails.length, total: state.total })}
                </Button>
              )
            : undefined
        }
      />
    </div>
  );
}
