import { useState } from "react";

/** A square image thumbnail (products, shops); a missing or broken image shows a neutral tile. */
export function Thumb({ url, size = 48 }: { url: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const box = { width: size, height: size, borderRadius: 4, flex: "none" } as const;
  if (!url || broken) return <div aria-hidden style={{ ...box, background: "rgba(127,127,127,0.12)" }} />;
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      width={size}
      height={size}
      style={{ ...box, objectFit: "cover" }}
      onError={() => setBroken(true)}
    />
  );
}
