import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslate } from "@refinedev/core";
import { App, Button, Input, Tooltip } from "antd";
import { PictureOutlined, SendOutlined } from "@ant-design/icons";
import { useRtl } from "../../components/kit/direction";
import { BODY_MAX, IMAGE_MAX_BYTES, IMAGE_TYPES, imageProblem } from "./model";

interface Props {
  onSend(body: string): void;
  onImage(file: File): void;
}

/** Writes a message: Enter sends, Shift+Enter starts a new line; the picture button sends an image. */
export function Composer({ onSend, onImage }: Props) {
  const t = useTranslate();
  const rtl = useRtl();
  const { message } = App.useApp();
  const [text, setText] = useState("");
  const picker = useRef<HTMLInputElement>(null);
  const body = text.trim();

  const send = () => {
    if (!body || body.length > BODY_MAX) return;
    onSend(body);
    setText("");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing (Thai, Chinese, Vietnamese) picks a word, it does not send.
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  const picked = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const problem = imageProblem(file);
      if (problem === "type") void message.error(t("chat.imageType", { name: file.name }));
      else if (problem === "size")
        void message.error(t("chat.imageSize", { name: file.name, max: IMAGE_MAX_BYTES / 1024 / 1024 }));
      else onImage(file);
    }
    if (picker.current) picker.current.value = "";
  };

  return (
    <div className="chat-composer">
      <input
        ref={picker}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        multiple
        hidden
        onChange={(e) => picked(e.target.files)}
        aria-hidden
        tabIndex={-1}
      />
      <Tooltip title={t("chat.attachImage")}>
        <Button
          type="text"
          icon={<PictureOutlined />}
          aria-label={t("chat.attachImage")}
          onClick={() => picker.current?.click()}
        />
      </Tooltip>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 1, maxRows: 6 }}
        placeholder={t("chat.placeholder")}
        aria-label={t("chat.placeholder")}
        maxLength={BODY_MAX}
        dir="auto"
      />
      <Button
        type="primary"
        icon={<SendOutlined style={rtl ? { transform: "scaleX(-1)" } : undefined} />}
        onClick={send}
        disabled={!body}
        aria-label={t("chat.send")}
      />
    </div>
  );
}
