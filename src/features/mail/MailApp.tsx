import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { useDataProvider, useTranslate } from "@refinedev/core";
import { List } from "@refinedev/antd";
import { App, Button, Grid, Result, Skeleton, theme } from "antd";
import { EditOutlined, MailOutlined, MenuOutlined } from "@ant-design/icons";
import { useSearchParams } from "react-router";
import { errorMessage, isNotFound } from "../../components/kit/errors";
import { SearchBox } from "../../components/kit/list";
import { useSession } from "../../providers/session";
import {
  SYSTEM_LABELS,
  REST,
  type Mail,
  type MailLabel,
  type MailSummary,
  type MailView,
  type SystemLabel,
} from "./model";
import { summaryOf, useLabels, useMailActions, useMailbox, useOpenMail } from "./useMailbox";
import { LabelDialog, LabelPane } from "./LabelPane";
import { MailList } from "./MailList";
import { MailReader, type ReaderActions } from "./MailReader";
import { Composer } from "./Composer";
import { replyOf } from "./format";
import "./mail.css";
import { REST_PROVIDER } from "../../providers/rest";

/** The view the address names: `?folder=`, `?label=` or `?q=` (a search runs over everything outside the trash). */
function viewOf(params: URLSearchParams): MailView {
  const q = params.get("q")?.trim() || undefined;
  const label = Number(params.get("label")) || undefined;
  const folder = params.get("folder") as SystemLabel | null;
  if (q) return { q };
  if (label) return { labelId: label };
  return { folder: folder && SYSTEM_LABELS.includes(folder) ? folder : "inbox" };
}

/** Keys a person types into a field are theirs, not shortcuts. */
const typing = (e: KeyboardEvent) => {
  const el = e.target as HTMLElement | null;
  return (
    !!el &&
    (el.isContentEditable ||
      ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName) ||
      !!el.closest("[role='dialog'], .ant-select-dropdown, .ant-dropdown"))
  );
};

/**
 * The mail app: labels, the list and the open mail side by side on a desktop; one of them at a time on
 * a phone. The view, the open mail and the composer live in the address (`?folder=inbox&mail=12`,
 * `&compose=new`), so a reload keeps them and the back button walks them.
 */
export function MailApp() {
  const t = useTranslate();
  const me = useSession().user?.id;
  const { notification } = App.useApp();
  const rest = useDataProvider()(REST_PROVIDER);
  const [params, setParams] = useSearchParams();
  const wide = !!Grid.useBreakpoint().lg;
  const { token } = theme.useToken();
  const colors = useMemo(
    () =>
      ({
        "--mail-border": token.colorBorderSecondary,
        "--mail-bg": token.colorBgContainer,
        "--mail-pane-bg": token.colorBgLayout,
        "--mail-text": token.colorText,
        "--mail-muted": token.colorTextSecondary,
        "--mail-hover": token.colorFillTertiary,
        "--mail-active": token.colorPrimaryBg,
        "--mail-primary": token.colorPrimaryText,
        "--mail-cursor": token.colorPrimaryBorder,
        "--mail-star": token.colorWarning,
        "--mail-important": token.colorError,
        "--mail-quote": token.colorBorder,
      }) as CSSProperties,
    [token],
  );

  const view = useMemo(() => viewOf(params), [params]);
  const openId = Number(params.get("mail")) || undefined;
  const compose = params.get("compose");
  const phonePane = params.get("pane");

  /** Changes the address: `undefined` removes a key. */
  const go = useCallback(
    (changes: Record<string, string | number | undefined>, opts?: { replace?: boolean }) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined) next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      }, opts);
    },
    [setParams],
  );

  const box = useMailbox(view);
  const { labels, loading: labelsLoading, refresh: refreshLabels } = useLabels();
  const verbs = useMailActions();
  // The keyboard cursor starts at the top of each view; opening a mail changes the address but not the view.
  const [cursor, setCursor] = useState(0);
  const viewKey = JSON.stringify(view);
  const [cursorView, setCursorView] = useState(viewKey);
  if (viewKey !== cursorView) {
    setCursorView(viewKey);
    setCursor(0);
  }

  const boxChanged = box.changed;
  const opened = useOpenMail(
    openId,
    useCallback(
      (mail: Mail) => {
        boxChanged(summaryOf(mail));
        void refreshLabels();
      },
      [boxChanged, refreshLabels],
    ),
  );

  // Composing: a new mail, or a draft by its id. The session number keeps one composer mounted while its new draft gets an id.
  const [session, setSession] = useState(0);
  const [composing, setComposing] = useState<{ draft?: Mail } | undefined>(() => (compose === "new" ? {} : undefined));
  const draftId = compose && compose !== "new" ? Number(compose) : undefined;
  const knownDraft = useRef<number | undefined>(undefined);
  // The address closes the composer, or opens a new one (`compose=new`, as after a reload); a draft's id is read below.
  const [composeSeen, setComposeSeen] = useState(compose);
  if (compose !== composeSeen) {
    setComposeSeen(compose);
    if (!compose) setComposing(undefined);
    else if (compose === "new") setComposing((c) => c ?? {});
  }
  useEffect(() => {
    if (!compose) {
      knownDraft.current = undefined;
      return;
    }
    if (compose === "new" || draftId === knownDraft.current) return;
    let live = true;
    rest.getOne<Mail>({ resource: REST.mails, id: draftId! }).then(
      ({ data }) => {
        if (!live) return;
        knownDraft.current = data.id;
        setComposing({ draft: data });
        setSession((s) => s + 1);
      },
      (e) => {
        if (!live) return;
        notification.error({ message: t("mail.loadFailed"), description: errorMessage(e) });
        go({ compose: undefined }, { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [compose, draftId, rest, notification, t, go]);

  const startCompose = useCallback(() => {
    setComposing({});
    setSession((s) => s + 1);
    knownDraft.current = undefined;
    go({ compose: "new" });
  }, [go]);

  const failed = useCallback(
    (e: unknown) => notification.error({ message: t("mail.failed"), description: errorMessage(e) }),
    [notification, t],
  );

  const afterChange = useCallback(
    (mail: Mail | MailSummary) => {
      const summary = "thread" in mail ? summaryOf(mail) : mail;
      box.changed(summary);
      if ("thread" in mail && mail.id === openId) opened.setMail(mail);
      void refreshLabels();
    },
    [box, openId, opened, refreshLabels],
  );

  const openMail = useCallback(
    (m: MailSummary) => {
      setCursor(
        Math.max(
          0,
          box.mails.findIndex((x) => x.id === m.id),
        ),
      );
      if (m.folder === "drafts") {
        knownDraft.current = undefined;
        go({ compose: m.id });
        return;
      }
      go({ mail: m.id, pane: undefined });
    },
    [box.mails, go],
  );

  const [labelFor, setLabelFor] = useState<Mail>();
  const actions: ReaderActions = useMemo(
    () => ({
      reply: (mail) => {
        const draft = replyOf(mail, me, {
          re: t("mail.compose.re"),
          wrote: (name, date) => t("mail.compose.wrote", { name, date }),
        });
        rest.create<Mail>({ resource: REST.mails, variables: draft }).then(({ data }) => {
          afterChange(data);
          knownDraft.current = data.id;
          setComposing({ draft: data });
          setSession((s) => s + 1);
          go({ compose: data.id });
        }, failed);
      },
      mark: async (mail, marks) => afterChange(await verbs.mark(mail.id, marks)),
      trash: async (mail) => {
        afterChange(await verbs.move(mail.id, "trash"));
        notification.success({ message: t("mail.movedToTrash") });
        go({ mail: undefined });
      },
      restore: async (mail) => {
        afterChange(await verbs.move(mail.id, mail.home));
        notification.success({ message: t("mail.restored", { folder: t(`mail.folders.${mail.home}`) }) });
      },
      remove: async (mail) => {
        await verbs.remove(mail.id);
        box.removed(mail.id);
        void refreshLabels();
        notification.success({ message: t("mail.deleted") });
        go({ mail: undefined });
      },
      newLabel: (mail) => setLabelFor(mail),
    }),
    [me, t, rest, afterChange, failed, verbs, notification, go, box, refreshLabels],
  );

  const star = useCallback(
    (m: MailSummary) => {
      verbs.mark(m.id, { starred: !m.starred }).then(afterChange, failed);
    },
    [verbs, afterChange, failed],
  );

  const hrefOf = useCallback(
    (m: MailSummary) => {
      const next = new URLSearchParams(params);
      next.delete("pane");
      if (m.folder === "drafts") next.set("compose", String(m.id));
      else next.set("mail", String(m.id));
      return `?${next.toString()}`;
    },
    [params],
  );

  const pick = useCallback(
    (next: MailView) => {
      setParams(() => {
        const p = new URLSearchParams();
        if (next.labelId !== undefined) p.set("label", String(next.labelId));
        else if (next.folder) p.set("folder", next.folder);
        for (const keep of ["lng"]) if (params.get(keep)) p.set(keep, params.get(keep)!);
        return p;
      });
    },
    [params, setParams],
  );

  // Keyboard: j/k move through the list, Enter or o opens, u goes back to the list, c writes, s stars, # to the trash, / searches.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e) || compose) return;
      const list = box.mails;
      const move = (by: number) => {
        e.preventDefault();
        const next = Math.min(Math.max(cursor + by, 0), Math.max(list.length - 1, 0));
        setCursor(next);
        if (by > 0 && next >= list.length - 3) box.loadMore();
      };
      const current = list[cursor];
      switch (e.key) {
        case "j":
          return move(1);
        case "k":
          return move(-1);
        case "Enter":
        case "o":
          if (current && (e.target as HTMLElement).tagName !== "BUTTON" && (e.target as HTMLElement).tagName !== "A") {
            e.preventDefault();
            openMail(current);
          }
          return;
        case "u":
          if (openId) {
            e.preventDefault();
            go({ mail: undefined });
          }
          return;
        case "c":
          e.preventDefault();
          return startCompose();
        case "s": {
          const target = opened.mail ?? current;
          if (target) {
            e.preventDefault();
            star(target);
          }
          return;
        }
        case "#":
          if (opened.mail && opened.mail.folder !== "trash") {
            e.preventDefault();
            void actions.trash(opened.mail).catch(failed);
          }
          return;
        case "/": {
          e.preventDefault();
          document.querySelector<HTMLInputElement>(".mail-search input")?.focus();
          return;
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [box, cursor, openMail, openId, go, startCompose, opened.mail, star, actions, failed, compose]);

  const title = view.q
    ? t("mail.searchResults")
    : view.labelId !== undefined
      ? (labels.find((l) => l.id === view.labelId)?.name ?? t("mail.labels.title"))
      : t(`mail.folders.${view.folder ?? "inbox"}`);

  const readerPane = () => {
    if (openId === undefined) {
      return (
        <div className="mail-placeholder">
          <MailOutlined aria-hidden />
          <p>{t("mail.pickMail")}</p>
          <p className="mail-muted">{t("mail.keys")}</p>
        </div>
      );
    }
    if (opened.error) {
      const missing = isNotFound(opened.error);
      return (
        <Result
          status={missing ? "404" : "error"}
          title={missing ? t("mail.notFound") : t("mail.loadFailed")}
          subTitle={missing ? undefined : errorMessage(opened.error)}
          extra={<Button onClick={() => go({ mail: undefined })}>{t("mail.backToList")}</Button>}
        />
      );
    }
    if (!opened.mail) return <Skeleton active paragraph={{ rows: 8 }} style={{ padding: 24 }} />;
    return (
      <MailReader
        key={opened.mail.id}
        mail={opened.mail}
        labels={labels}
        actions={actions}
        onBack={wide ? undefined : () => go({ mail: undefined })}
      />
    );
  };

  const showLabels = wide || phonePane === "labels";
  const showList = wide || (!openId && phonePane !== "labels");
  const showReader = wide || (!!openId && phonePane !== "labels");

  return (
    <List
      title={t("resources.mail")}
      headerButtons={
        <Button type="primary" icon={<EditOutlined />} onClick={startCompose}>
          {t("mail.compose.new")}
        </Button>
      }
    >
      <div
        className="mail-frame"
        data-panes={wide ? "three" : "one"}
        data-screen-ready={box.state.status === "loading" || labelsLoading ? undefined : ""}
        style={colors}
      >
        {showLabels && (
          <LabelPane
            labels={labels}
            loading={labelsLoading}
            view={view}
            onPick={(next) => pick(next)}
            onChanged={(deletedId) => {
              void refreshLabels();
              if (deletedId !== undefined && view.labelId === deletedId) pick({ folder: "inbox" });
              else void box.reload();
            }}
          />
        )}
        {showList && (
          <section className="mail-list-pane" aria-label={title}>
            <div className="mail-list-head">
              {!wide && (
                <Button
                  type="text"
                  icon={<MenuOutlined />}
                  onClick={() => go({ pane: "labels" })}
                  aria-label={t("mail.labels.show")}
                />
              )}
              <h2 className="mail-list-title">
                <bdi>{title}</bdi>
              </h2>
              <div className="mail-search">
                <SearchBox
                  label={t("mail.search")}
                  value={view.q ?? ""}
                  width={wide ? 220 : 180}
                  onSearch={(q) =>
                    q
                      ? setParams(
                          () => new URLSearchParams({ q, ...(params.get("lng") ? { lng: params.get("lng")! } : {}) }),
                        )
                      : pick({ folder: "inbox" })
                  }
                />
              </div>
            </div>
            <MailList
              state={box.state}
              mails={box.mails}
              labels={labels}
              openId={openId}
              cursor={cursor}
              hrefOf={hrefOf}
              onOpen={openMail}
              onStar={star}
              onMore={box.loadMore}
              more={box.more}
              onRetry={() => void box.reload()}
            />
          </section>
        )}
        {showReader && <section className="mail-pane">{readerPane()}</section>}
      </div>
      {composing && (
        <Composer
          key={session}
          draft={composing.draft}
          onSaved={(mail, created) => {
            afterChange(mail);
            if (created) {
              knownDraft.current = mail.id;
              go({ compose: mail.id }, { replace: true });
            }
          }}
          onSent={(mail) => {
            afterChange(mail);
            notification.success({ message: t("mail.compose.sent") });
            go({ compose: undefined });
          }}
          onDiscarded={(id) => {
            if (id) box.removed(id);
            void refreshLabels();
            go({ compose: undefined });
          }}
          onClose={() => go({ compose: undefined })}
        />
      )}
      {labelFor && (
        <LabelDialog
          mailId={labelFor.id}
          onClose={() => setLabelFor(undefined)}
          onDone={(label: MailLabel) => {
            setLabelFor(undefined);
            void refreshLabels();
            afterChange({ ...labelFor, labelIds: [...labelFor.labelIds, label.id as number] });
          }}
        />
      )}
    </List>
  );
}
