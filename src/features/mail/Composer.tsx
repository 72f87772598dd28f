import { useCallback, useEffect, useMemo, useState } from "react";
import { useDataProvider, useTranslate } from "@refinedev/core";
import {
  Alert,
  App,
  Button,
  Drawer,
  Form,
  Input,
  List as AntList,
  Popconfirm,
  Select,
  Space,
  Typography,
  Upload,
} from "antd";
import { DeleteOutlined, FilePdfOutlined, PaperClipOutlined, SendOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { LazyRichTextEditor } from "../../components/editor/LazyRichTextEditor";
import { errorMessage } from "../../components/kit/errors";
import { useNarrow } from "../../components/kit/list";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENTS_MAX,
  attachmentLimit,
  RECIPIENTS_MAX,
  REST,
  SUBJECT_MAX,
  type Attachment,
  type Contact,
  type Mail,
  type Person,
} from "./model";
import { useDraft, type DraftValues } from "./useDraft";
import { fileSize } from "./format";
import { REST_PROVIDER } from "../../providers/rest";

type RecipientOption = { value: number; label: string; title?: string; contact?: Contact };

/** People to pick from: the contact list searched on the server, plus whoever the draft names already. */
function Recipients({
  value,
  onChange,
  known,
  onFound,
  id,
  invalid,
}: {
  value: number[];
  onChange(ids: number[]): void;
  known: ReadonlyMap<number, Person>;
  onFound(contacts: Contact[]): void;
  id: string;
  invalid: boolean;
}) {
  const t = useTranslate();
  const rest = useDataProvider()(REST_PROVIDER);
  const [q, setQ] = useState("");
  const [found, setFound] = useState<Contact[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    const search = async () => {
      setLoading(true);
      try {
        const { data } = await rest.getList<Contact>({
          resource: REST.contacts,
          pagination: { currentPage: 1, pageSize: 30 },
          filters: q.trim() ? [{ field: "q", operator: "eq", value: q.trim() }] : [],
        });
        if (live) {
          onFound(data);
          setFound(data);
        }
      } catch {
        if (live) setFound([]);
      } finally {
        if (live) setLoading(false);
      }
    };
    const timer = setTimeout(() => void search(), q ? 250 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q, rest, onFound]);

  const describe = (c: Contact) => (c.kind === "staff" ? t("mail.compose.staff") : c.shops.join(", "));
  const options: RecipientOption[] = [
    ...found.map((c) => ({ value: c.id, label: c.name, title: `${c.name} · ${describe(c)}`, contact: c })),
    ...value
      .filter((v) => !found.some((c) => c.id === v))
      .map((v) => ({ value: v, label: known.get(v)?.name ?? `#${v}`, title: known.get(v)?.name })),
  ];
  return (
    <Select<number[], RecipientOption>
      id={id}
      mode="multiple"
      value={value}
      onChange={(ids) => onChange(ids.slice(0, RECIPIENTS_MAX))}
      showSearch
      filterOption={false}
      onSearch={setQ}
      onBlur={() => setQ("")}
      loading={loading}
      status={invalid ? "error" : undefined}
      placeholder={t("mail.compose.pickPeople")}
      notFoundContent={loading ? null : t("mail.compose.nobody")}
      options={options}
      optionRender={(o) => (
        <span className="mail-contact">
          <bdi>{o.data.label}</bdi>
          {o.data.contact && (
            <span className="mail-muted">
              <bdi>{describe(o.data.contact)}</bdi>
            </span>
          )}
        </span>
      )}
      style={{ width: "100%" }}
    />
  );
}

/** A draft's files: listed, added (checked here, sniffed again by the server) and removed. */
function Files({
  files,
  onAdd,
  onRemove,
  busy,
}: {
  files: Attachment[];
  busy: boolean;
  onAdd(file: File): Promise<void>;
  onRemove(file: Attachment): Promise<void>;
}) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const beforeUpload = (file: File) => {
    const problem = !ATTACHMENT_ACCEPT.split(",").includes(file.type)
      ? t("mail.files.wrongType", { name: file.name })
      : file.size > attachmentLimit(file.type)
        ? t("mail.files.tooLarge", { name: file.name, max: attachmentLimit(file.type) / 1024 / 1024 })
        : undefined;
    if (problem) {
      notification.warning({ message: problem });
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  return (
    <div className="mail-compose-files">
      {files.length > 0 && (
        <AntList
          size="small"
          dataSource={files}
          renderItem={(f) => (
            <AntList.Item
              actions={[
                <Button
                  key="x"
                  type="text"
                  danger
                  size="small"
                  icon={<DeleteOutlined />}
                  disabled={busy}
                  aria-label={t("mail.files.remove", { name: f.originalName })}
                  onClick={() => void onRemove(f)}
                />,
              ]}
            >
              <AntList.Item.Meta
                avatar={
                  f.mime === "application/pdf" ? <FilePdfOutlined aria-hidden /> : <PaperClipOutlined aria-hidden />
                }
                title={
                  <a href={f.url} target="_blank" rel="noreferrer">
                    <bdi>{f.originalName || f.url}</bdi>
                  </a>
                }
                description={fileSize(f.size)}
              />
            </AntList.Item>
          )}
        />
      )}
      <Space wrap size={8} style={{ marginTop: 8 }}>
        <Upload
          accept={ATTACHMENT_ACCEPT}
          multiple
          showUploadList={false}
          beforeUpload={beforeUpload}
          disabled={busy || files.length >= ATTACHMENTS_MAX}
          customRequest={({ file, onSuccess, onError }) => {
            setUploading((n) => n + 1);
            onAdd(file as File)
              .then(
                () => onSuccess?.({}),
                (e) => onError?.(e as Error),
              )
              .finally(() => setUploading((n) => n - 1));
          }}
        >
          <Button
            icon={<PaperClipOutlined />}
            loading={uploading > 0}
            disabled={busy || files.length >= ATTACHMENTS_MAX}
          >
            {t("mail.files.attach")}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t("mail.files.rules", { max: ATTACHMENTS_MAX })}</Typography.Text>
      </Space>
    </div>
  );
}

/**
 * Writing a mail: recipients, subject, the rich-text body and files. Saved as a draft a moment after each
 * change (and before closing), sent with its last changes in one request.
 */
export function Composer({
  draft,
  replyToId,
  onSaved,
  onSent,
  onDiscarded,
  onClose,
}: {
  /** An existing draft (opened from Drafts, or a reply made with its quote). */
  draft?: Mail;
  replyToId?: number;
  onSaved(mail: Mail, created: boolean): void;
  onSent(mail: Mail): void;
  onDiscarded(id: number): void;
  onClose(): void;
}) {
  const t = useTranslate();
  const narrow = useNarrow();
  const { notification } = App.useApp();
  const rest = useDataProvider()(REST_PROVIDER);
  const api = useDraft({ draft, replyToId: replyToId ?? draft?.replyToId ?? undefined, onSaved });
  const { values, setValues } = api;
  const [files, setFiles] = useState<Attachment[]>(draft?.attachments ?? []);
  const [showCc, setShowCc] = useState((draft?.cc.length ?? 0) > 0);
  const [errors, setErrors] = useState<Partial<Record<keyof DraftValues, string>>>({});
  const [sending, setSending] = useState(false);
  const [closing, setClosing] = useState(false);
  // Everyone named so far (the draft's people and each search's finds): a chosen recipient keeps its name.
  const [known, setKnown] = useState<ReadonlyMap<number, Person>>(
    () => new Map([...(draft?.to ?? []), ...(draft?.cc ?? [])].map((p) => [p.id, p])),
  );
  const remember = useCallback(
    (found: Contact[]) => setKnown((m) => new Map([...m, ...found.map((c) => [c.id, c] as const)])),
    [],
  );

  // Leaving the page with unsaved words: the browser asks first.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (api.dirty()) e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [api]);

  const change = (patch: Partial<DraftValues>) => {
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof DraftValues];
      return next;
    });
    setValues(patch);
  };

  const fieldErrorsOf = (e: unknown) => {
    const named = (e as { errors?: Record<string, string[]> })?.errors ?? {};
    const out: Partial<Record<keyof DraftValues, string>> = {};
    for (const k of ["to", "cc", "subject", "body"] as const) if (named[k]) out[k] = named[k].join(" ");
    return out;
  };

  const send = async () => {
    if (!values.to.length) {
      setErrors({ to: t("mail.compose.toRequired") });
      return;
    }
    setSending(true);
    try {
      const mail = await api.send();
      onSent(mail);
    } catch (e) {
      const named = fieldErrorsOf(e);
      setErrors(named);
      if (!Object.keys(named).length)
        notification.error({ message: t("mail.compose.sendFailed"), description: errorMessage(e) });
    } finally {
      setSending(false);
    }
  };

  const close = async () => {
    setClosing(true);
    try {
      await api.saveNow();
      onClose();
    } catch (e) {
      if (api.state === "conflict") return;
      notification.error({ message: t("mail.compose.saveFailed"), description: errorMessage(e) });
    } finally {
      setClosing(false);
    }
  };

  const discard = async () => {
    const id = api.id();
    if (id !== undefined) await rest.deleteOne({ resource: REST.mails, id });
    onDiscarded(id ?? 0);
  };

  const addFile = async (file: File) => {
    try {
      const id = await api.ensureSaved();
      const body = new FormData();
      body.append("file", file);
      const { data } = await rest.custom!<Attachment>({
        url: `${rest.getApiUrl()}/${REST.attachments(id)}`,
        method: "post",
        payload: body,
      });
      setFiles((f) => [...f, data]);
    } catch (e) {
      notification.error({ message: t("mail.files.failed", { name: file.name }), description: errorMessage(e) });
      throw e;
    }
  };
  const removeFile = async (file: Attachment) => {
    try {
      await rest.deleteOne({ resource: REST.attachments(api.id()!), id: file.id });
      setFiles((f) => f.filter((x) => x.id !== file.id));
    } catch (e) {
      notification.error({ message: t("mail.failed"), description: errorMessage(e) });
    }
  };

  const status = useMemo(() => {
    switch (api.state) {
      case "saving":
        return t("mail.compose.saving");
      case "saved":
        return t("mail.compose.savedAt", { time: dayjs(api.savedAt).format("LT") });
      case "failed":
        return t("mail.compose.notSaved");
      default:
        return "";
    }
  }, [api.state, api.savedAt, t]);

  return (
    <Drawer
      open
      width={narrow ? "100%" : 720}
      title={replyToId || draft?.replyToId ? t("mail.compose.replyTitle") : t("mail.compose.title")}
      onClose={() => void close()}
      maskClosable={false}
      destroyOnHidden
      className="mail-composer"
      footer={
        <div className="mail-compose-footer">
          <Space wrap>
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => void send()}
              loading={sending}
              disabled={api.state === "conflict" || closing}
            >
              {t("mail.compose.send")}
            </Button>
            <Typography.Text type="secondary" aria-live="polite" className="mail-compose-status">
              {status}
            </Typography.Text>
          </Space>
          <Popconfirm
            title={t("mail.compose.discardConfirm")}
            okText={t("mail.compose.discard")}
            okButtonProps={{ danger: true }}
            cancelText={t("buttons.cancel")}
            onConfirm={() =>
              discard().catch((e) => notification.error({ message: t("mail.failed"), description: errorMessage(e) }))
            }
          >
            <Button danger icon={<DeleteOutlined />} disabled={sending}>
              {t("mail.compose.discard")}
            </Button>
          </Popconfirm>
        </div>
      }
    >
      {api.state === "conflict" && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("mail.compose.conflict")}
          action={
            <Space direction="vertical" size={4}>
              <Button size="small" type="primary" onClick={() => void api.resolve("mine")}>
                {t("mail.compose.keepMine")}
              </Button>
              <Button size="small" onClick={() => void api.resolve("theirs")}>
                {t("mail.compose.takeTheirs")}
              </Button>
            </Space>
          }
        />
      )}
      {api.state === "failed" && !!api.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("mail.compose.notSaved")}
          description={errorMessage(api.error)}
        />
      )}
      <Form layout="vertical" component="div">
        <Form.Item
          label={t("mail.fields.to")}
          htmlFor="mail-to"
          validateStatus={errors.to ? "error" : undefined}
          help={errors.to}
          extra={
            !showCc && (
              <Button type="link" size="small" className="mail-cc-toggle" onClick={() => setShowCc(true)}>
                {t("mail.compose.addCc")}
              </Button>
            )
          }
        >
          <Recipients
            id="mail-to"
            value={values.to}
            onChange={(to) => change({ to })}
            known={known}
            onFound={remember}
            invalid={!!errors.to}
          />
        </Form.Item>
        {showCc && (
          <Form.Item
            label={t("mail.fields.cc")}
            htmlFor="mail-cc"
            validateStatus={errors.cc ? "error" : undefined}
            help={errors.cc}
          >
            <Recipients
              id="mail-cc"
              value={values.cc}
              onChange={(cc) => change({ cc })}
              known={known}
              onFound={remember}
              invalid={!!errors.cc}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t("mail.fields.subject")}
          htmlFor="mail-subject"
          validateStatus={errors.subject ? "error" : undefined}
          help={errors.subject}
        >
          <Input
            id="mail-subject"
            dir="auto"
            maxLength={SUBJECT_MAX}
            value={values.subject}
            onChange={(e) => change({ subject: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={t("mail.fields.body")}
          htmlFor="mail-body"
          validateStatus={errors.body ? "error" : undefined}
          help={errors.body}
        >
          <LazyRichTextEditor
            id="mail-body"
            value={values.body}
            onChange={(body) => change({ body })}
            aria-invalid={!!errors.body}
          />
        </Form.Item>
      </Form>
      <Files files={files} busy={sending} onAdd={addFile} onRemove={removeFile} />
    </Drawer>
  );
}
