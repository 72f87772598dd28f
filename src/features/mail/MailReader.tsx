import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { App, Button, Collapse, Dropdown, Space, Tag, Tooltip, Typography, type MenuProps } from "antd";
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ExclamationCircleFilled,
  ExclamationCircleOutlined,
  EyeInvisibleOutlined,
  FilePdfOutlined,
  FileImageOutlined,
  RollbackOutlined,
  SendOutlined,
  StarFilled,
  StarOutlined,
  TagsOutlined,
  UndoOutlined,
} from "@ant-design/icons";
import { useRtl } from "../../components/kit/direction";
import { dateTime } from "../../components/kit/format";
import { errorMessage } from "../../components/kit/errors";
import type { Attachment, Mail, MailLabel, Person, ThreadMessage } from "./model";
import { fileSize } from "./format";

function People({ label, people }: { label: string; people: Person[] }) {
  if (!people.length) return null;
  return (
    <div className="mail-people">
      <span className="mail-muted">{label}</span>{" "}
      {people.map((p, i) => (
        <span key={p.id}>
          <bdi title={p.username}>{p.name}</bdi>
          {i < people.length - 1 ? ", " : ""}
        </span>
      ))}
    </div>
  );
}

function Files({ files }: { files: Attachment[] }) {
  const t = useTranslate();
  if (!files.length) return null;
  return (
    <section className="mail-files" aria-label={t("mail.files.title", { count: files.length })}>
      <Typography.Text type="secondary">{t("mail.files.title", { count: files.length })}</Typography.Text>
      <ul>
        {files.map((f) => (
          <li key={f.id} className="mail-file">
            {f.mime === "application/pdf" ? <FilePdfOutlined aria-hidden /> : <FileImageOutlined aria-hidden />}
            <a href={f.url} target="_blank" rel="noreferrer" className="mail-file-name">
              <bdi>{f.originalName || f.url}</bdi>
            </a>
            <span className="mail-muted">{fileSize(f.size)}</span>
            <a
              href={f.url}
              download={f.originalName || true}
              aria-label={t("mail.files.download", { name: f.originalName })}
              title={t("mail.files.download", { name: f.originalName })}
            >
              <DownloadOutlined />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A mail's body: HTML the server sanitised, laid out in the reader's direction per paragraph. */
const Body = ({ html }: { html: string }) => (
  <div className="mail-body" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
);

/** Another mail of the conversation, folded to one line until opened. */
function threadItem(m: ThreadMessage, t: ReturnType<typeof useTranslate>) {
  return {
    key: String(m.id),
    label: (
      <span className="mail-thread-head">
        <bdi className="mail-thread-from">{m.from.name}</bdi>
        <span className="mail-muted">{dateTime(m.sentAt)}</span>
      </span>
    ),
    children: (
      <div>
        <People label={t("mail.fields.to")} people={m.to} />
        <People label={t("mail.fields.cc")} people={m.cc} />
        <Body html={m.body} />
        <Files files={m.attachments} />
      </div>
    ),
  };
}

export interface ReaderActions {
  reply(mail: Mail): void;
  mark(
    mail: Mail,
    marks: { read?: boolean; starred?: boolean; important?: boolean; labelIds?: number[] },
  ): Promise<void>;
  trash(mail: Mail): Promise<void>;
  restore(mail: Mail): Promise<void>;
  remove(mail: Mail): Promise<void>;
  newLabel(mail: Mail): void;
}

/** The open mail: its header, body, files and conversation, and what can be done with it. */
export function MailReader({
  mail,
  labels,
  actions,
  onBack,
}: {
  mail: Mail;
  labels: MailLabel[];
  actions: ReaderActions;
  onBack?: () => void;
}) {
  const t = useTranslate();
  const rtl = useRtl();
  const { modal, notification } = App.useApp();
  const [busy, setBusy] = useState(false);
  const custom = labels.filter((l) => !l.system);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      notification.error({ message: t("mail.failed"), description: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const at = mail.sentAt ?? mail.updatedAt;
  const before = mail.thread.filter((m) => m.sentAt < at);
  const after = mail.thread.filter((m) => m.sentAt >= at);
  const trashed = mail.folder === "trash";

  const labelMenu: MenuProps = {
    selectable: true,
    multiple: true,
    selectedKeys: mail.labelIds.map(String),
    items: [
      ...custom.map((l) => ({
        key: String(l.id),
        label: (
          <span className="mail-label-option">
            <span className="mail-dot" style={{ background: l.color ?? undefined }} aria-hidden />
            <bdi>{l.name}</bdi>
          </span>
        ),
      })),
      ...(custom.length ? [{ type: "divider" as const }] : []),
      { key: "new", label: t("mail.labels.newFor") },
    ],
    onClick: ({ key }) => {
      if (key === "new") return actions.newLabel(mail);
      const id = Number(key);
      const labelIds = mail.labelIds.includes(id) ? mail.labelIds.filter((x) => x !== id) : [...mail.labelIds, id];
      void run(() => actions.mark(mail, { labelIds }));
    },
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t("mail.actions.deleteForeverTitle"),
      content: t("mail.actions.deleteForeverText"),
      okText: t("mail.actions.deleteForever"),
      okButtonProps: { danger: true },
      cancelText: t("buttons.cancel"),
      onOk: () => run(() => actions.remove(mail)),
    });

  const Back = rtl ? ArrowRightOutlined : ArrowLeftOutlined;
  return (
    <article className="mail-reader" aria-labelledby="mail-subject">
      <div className="mail-toolbar" role="toolbar" aria-label={t("mail.actions.title")}>
        {onBack && <Button type="text" icon={<Back />} onClick={onBack} aria-label={t("mail.backToList")} />}
        {mail.home !== "drafts" && !trashed && (
          <Button icon={<RollbackOutlined />} onClick={() => actions.reply(mail)} disabled={busy}>
            {t("mail.actions.reply")}
          </Button>
        )}
        <Tooltip title={mail.starred ? t("mail.actions.unstar") : t("mail.actions.star")}>
          <Button
            type="text"
            aria-pressed={mail.starred}
            aria-label={mail.starred ? t("mail.actions.unstar") : t("mail.actions.star")}
            disabled={busy}
            icon={mail.starred ? <StarFilled className="mail-star-on" /> : <StarOutlined />}
            onClick={() => void run(() => actions.mark(mail, { starred: !mail.starred }))}
          />
        </Tooltip>
        <Tooltip title={mail.important ? t("mail.actions.notImportant") : t("mail.actions.important")}>
          <Button
            type="text"
            aria-pressed={mail.important}
            aria-label={mail.important ? t("mail.actions.notImportant") : t("mail.actions.important")}
            disabled={busy}
            icon={
              mail.important ? <ExclamationCircleFilled className="mail-important-on" /> : <ExclamationCircleOutlined />
            }
            onClick={() => void run(() => actions.mark(mail, { important: !mail.important }))}
          />
        </Tooltip>
        <Tooltip title={t("mail.actions.markUnread")}>
          <Button
            type="text"
            aria-label={t("mail.actions.markUnread")}
            icon={<EyeInvisibleOutlined />}
            disabled={busy}
            onClick={() => void run(() => actions.mark(mail, { read: false }))}
          />
        </Tooltip>
        <Dropdown menu={labelMenu} trigger={["click"]}>
          <Button
            type="text"
            icon={<TagsOutlined />}
            aria-label={t("mail.actions.labels")}
            title={t("mail.actions.labels")}
            disabled={busy}
          />
        </Dropdown>
        <span className="mail-toolbar-gap" />
        {trashed ? (
          <>
            <Button icon={<UndoOutlined />} onClick={() => void run(() => actions.restore(mail))} disabled={busy}>
              {t("mail.actions.restore")}
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} disabled={busy}>
              {t("mail.actions.deleteForever")}
            </Button>
          </>
        ) : (
          <Button icon={<DeleteOutlined />} onClick={() => void run(() => actions.trash(mail))} disabled={busy}>
            {t("mail.actions.trash")}
          </Button>
        )}
      </div>

      <div className="mail-reader-body">
        {before.length > 0 && (
          <Collapse size="small" className="mail-thread" items={before.map((m) => threadItem(m, t))} />
        )}
        <header className="mail-head">
          <Typography.Title level={4} id="mail-subject" className="mail-subject">
            <bdi>{mail.subject || t("mail.noSubject")}</bdi>
          </Typography.Title>
          {mail.labelIds.length > 0 && (
            <Space size={4} wrap>
              {mail.labelIds
                .map((id) => custom.find((l) => l.id === id))
                .filter(Boolean)
                .map((l) => (
                  <Tag key={l!.id} color={l!.color ?? undefined}>
                    <bdi>{l!.name}</bdi>
                  </Tag>
                ))}
            </Space>
          )}
          <div className="mail-from">
            <strong>
              <bdi>{mail.from.name}</bdi>
            </strong>{" "}
            <span className="mail-muted">
              <bdi>@{mail.from.username}</bdi>
            </span>
            <span className="mail-muted mail-date">
              {mail.sentAt ? dateTime(mail.sentAt) : t("mail.draftSavedAt", { time: dateTime(mail.updatedAt) })}
            </span>
          </div>
          <People label={t("mail.fields.to")} people={mail.to} />
          <People label={t("mail.fields.cc")} people={mail.cc} />
          {mail.replyToId && before.length === 0 && (
            <span className="mail-muted">
              <SendOutlined aria-hidden /> {t("mail.inReply")}
            </span>
          )}
        </header>
        <Body html={mail.body} />
        <Files files={mail.attachments} />
        {after.length > 0 && (
          <section aria-label={t("mail.replies", { count: after.length })}>
            <Typography.Text type="secondary">{t("mail.replies", { count: after.length })}</Typography.Text>
            <Collapse
              size="small"
              className="mail-thread"
              defaultActiveKey={after.map((m) => String(m.id))}
              items={after.map((m) => threadItem(m, t))}
            />
          </section>
        )}
      </div>
    </article>
  );
}
