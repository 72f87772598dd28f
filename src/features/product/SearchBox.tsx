import { useEffect, useRef, useState } from "react";
import { Input } from "antd";

const DELAY_MS = 400;

/** A search field that applies after typing pauses, or at once on Enter. */
export function SearchBox({ label, onSearch, width = 260 }: { label: string; onSearch(value: string): void; width?: number }) {
  const [text, setText] = useState("");
  const applied = useRef("");
  const apply = (value: string) => {
    const next = value.trim();
    if (next === applied.current) return;
    applied.current = next;
    onSearch(next);
  };
  useEffect(() => {
    const timer = setTimeout(() => apply(text), DELAY_MS);
    return () => clearTimeout(timer);
    // Only the typed text drives the debounce.
  }, [text]);
  return (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(value) => {
        setText(value);
        apply(value);
      }}
      style={{ width }}
    />
  );
}

/** Product thumbnail; a missing or broken image shows a neutral tile. */
export function Thumb({ url, size = 48 }: { url: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const box = { width: size, height: size, borderRadius: 4, flex: "none" } as const;
  if (!url || broken) return <div aria-hidden style={{ ...box, background: "rgba(127,127,127,0.12)" }} />;
  return <img src={url} alt="" loading="lazy" width={size} height={size} style={{ ...box, objectFit: "cover" }} onError={() => setBroken(true)} />;
}
