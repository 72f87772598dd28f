import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Button, Divider, Input, Popover, Space, theme, Tooltip } from "antd";
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import "./editor.css";

export interface RichTextEditorProps {
  /** HTML; an empty document is `""` so a `required` rule on the Form.Item works. */
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  disabled?: boolean;
  "aria-invalid"?: boolean;
}

/** The document as stored: "" when empty, without the empty paragraph TipTap keeps at the end for the caret. */
function html(editor: Editor): string {
  return editor.isEmpty ? "" : editor.getHTML().replace(/(<p><\/p>)+$/, "");
}

function ToolButton(props: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.label}>
      <Button
        type={props.active ? "primary" : "text"}
        size="small"
        aria-label={props.label}
        aria-pressed={props.active}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        {props.children}
      </Button>
    </Tooltip>
  );
}

function LinkButton({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState("");
  const active = useEditorState({ editor, selector: ({ editor: e }) => e.isActive("link") });
  const label = t("blogs.editor.link", "Link");

  const apply = () => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange("link");
    if (url) chain.setLink({ href: url }).run();
    else chain.unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(next) => {
        if (next) {
          const current: unknown = editor.getAttributes("link").href;
          setHref(typeof current === "string" ? current : "");
        }
        setOpen(next);
      }}
      content={
        <Space.Compact>
          <Input
            autoFocus
            aria-label={t("blogs.editor.linkUrl", "Link address")}
            placeholder="https://"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            onPressEnter={apply}
            onKeyDown={(e) => e.key === "Escape" && setOpen(false)}
            style={{ width: 260 }}
          />
          <Button type="primary" onClick={apply}>
            {href.trim() ? t("blogs.editor.apply", "Apply") : t("blogs.editor.unlink", "Remove link")}
          </Button>
        </Space.Compact>
      }
    >
      <Button
        type={active ? "primary" : "text"}
        size="small"
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
      >
        <LinkOutlined />
      </Button>
    </Popover>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const t = useTranslate();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div className="rte-toolbar" role="toolbar" aria-label={t("blogs.editor.toolbar", "Formatting")}>
      <ToolButton
        label={t("blogs.editor.bold", "Bold")}
        active={state.bold}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
      >
        <BoldOutlined />
      </ToolButton>
      <ToolButton
        label={t("blogs.editor.italic", "Italic")}
        active={state.italic}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
      >
        <ItalicOutlined />
      </ToolButton>
      <Divider type="vertical" />
      <ToolButton
        label={t("blogs.editor.heading2", "Heading")}
        active={state.h2}
        disabled={disabled}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </ToolButton>
      <ToolButton
        label={t("blogs.editor.heading3", "Subheading")}
        active={state.h3}
        disabled={disabled}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </ToolButton>
      <Divider type="vertical" />
      <ToolButton
        label={t("blogs.editor.bulletList", "Bulleted list")}
        active={state.bullet}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      >
        <UnorderedListOutlined />
      </ToolButton>
      <ToolButton
        label={t("blogs.editor.orderedList", "Numbered list")}
        active={state.ordered}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <OrderedListOutlined />
      </ToolButton>
      <ToolButton
        label={t("blogs.editor.blockquote", "Quote")}
        active={state.quote}
        disabled={disabled}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <span aria-hidden className="rte-quote-icon">
          ”
        </span>
      </ToolButton>
      <LinkButton editor={editor} disabled={disabled} />
      <Divider type="vertical" />
      <ToolButton
        label={t("blogs.editor.undo", "Undo")}
        disabled={disabled || !state.canUndo}
        onClick={() => chain().undo().run()}
      >
        <UndoOutlined />
      </ToolButton>
      <ToolButton
        label={t("blogs.editor.redo", "Redo")}
        disabled={disabled || !state.canRedo}
        onClick={() => chain().redo().run()}
      >
        <RedoOutlined />
      </ToolButton>
    </div>
  );
}

/** TipTap editor speaking HTML through `value`/`onChange`, for an antd Form.Item. Load it through LazyRichTextEditor. */
export default function RichTextEditor({ value, onChange, id, disabled, ...rest }: RichTextEditorProps) {
  // The field's value as last rendered, for TipTap's onUpdate to tell a real change from an echo.
  const valueRef = useRef(value ?? "");
  useLayoutEffect(() => {
    valueRef.current = value ?? "";
  });
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true } })],
    content: value ?? "",
    editable: !disabled,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        class: "rte-content",
        dir: "auto",
        role: "textbox",
        "aria-multiline": "true",
        ...(rest["aria-invalid"] ? { "aria-invalid": "true" } : {}),
      },
    },
    // TipTap also updates on setup transactions; only a real change may touch (and validate) the field.
    onUpdate: ({ editor: e }) => {
      const next = html(e);
      if (next !== valueRef.current) onChange?.(next);
    },
  });

  // The form fills its values after the editor mounts (edit screen); adopt outside changes only.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if ((value ?? "") !== html(editor)) editor.commands.setContent(value ?? "", { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // The form item's <label for> names inputs only; the editor's text box is named by the label through its id.
  useEffect(() => {
    if (!editor || editor.isDestroyed || !id) return;
    const label = document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`);
    if (!label) return;
    label.id ||= `${id}-label`;
    editor.view.dom.setAttribute("aria-labelledby", label.id);
  }, [editor, id]);
  const { token } = theme.useToken();

  return (
    <div className={`rte${rest["aria-invalid"] ? " rte-invalid" : ""}`} style={tokenVars(token)}>
      <Toolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}

/** The theme's colours as the CSS variables editor.css reads (antd writes none without its cssVar mode), so dark mode reaches the editor. */
function tokenVars(token: ReturnType<typeof theme.useToken>["token"]): React.CSSProperties {
  return {
    "--ant-color-border": token.colorBorder,
    "--ant-color-border-secondary": token.colorBorderSecondary,
    "--ant-color-bg-container": token.colorBgContainer,
    "--ant-color-primary": token.colorPrimary,
    "--ant-color-error": token.colorError,
    "--ant-color-text-secondary": token.colorTextSecondary,
    color: token.colorText,
  } as React.CSSProperties;
}
