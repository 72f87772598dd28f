/**
 * Server-Sent Events read with fetch (so the token goes in the Authorization header, which EventSource
 * cannot send): the frame parser every stream client of the app uses.
 */
export interface Frame {
  id?: string;
  event: string;
  data: string;
}

/** Splits a text/event-stream body into frames (comments dropped); answers what is left unparsed. */
export function parseFrames(buffer: string, onFrame: (f: Frame) => void, onRetry: (ms: number) => void): string {
  let cut: number;
  while ((cut = buffer.indexOf("\n\n")) >= 0) {
    const block = buffer.slice(0, cut);
    buffer = buffer.slice(cut + 2);
    const frame: Frame = { event: "message", data: "" };
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const at = line.indexOf(":");
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
      if (field === "id") frame.id = value;
      else if (field === "event") frame.event = value;
      else if (field === "data") data.push(value);
      else if (field === "retry" && /^\d+$/.test(value)) onRetry(Number(value));
    }
    frame.data = data.join("\n");
    if (frame.id !== undefined || data.length) onFrame(frame);
  }
  return buffer;
}
