/**
 * A test reader of Server-Sent Events over fetch: collects frames (id, event, data) and comment lines
 * as they arrive, and waits for one that matches.
 */
export interface SseFrame {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseReader {
  status: number;
  headers: Headers;
  frames: SseFrame[];
  comments: string[];
  /** Frames of this event name (default `message`), data parsed. */
  events<T = unknown>(event?: string): { id: number; data: T }[];
  /** Waits until `test` holds (checked on each frame and comment), at most `ms`. */
  until(test: () => boolean, ms?: number): Promise<void>;
  /** The server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: ctrl.signal });
  const frames: SseFrame[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const poke = () => {
    for (const w of [...waiters]) w();
  };
  let finished = false;

  const parse = (block: string) => {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments.push(line.slice(1).trim());
        continue;
      }
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'id') {
        id = value;
        any = true;
      } else if (field === 'event') {
        event = value;
        any = true;
      } else if (field === 'data') {
        data.push(value);
        any = true;
      }
    }
    if (any && (data.length || id !== undefined)) frames.push({ id, event, data: data.join('\n') });
  };

  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          parse(block);
        }
        poke();
      }
    } catch {
      // Aborted by close().
    } finally {
      finished = true;
      poke();
    }
  })();

  return {
    status: res.status,
    headers: res.headers,
    frames,
    comments,
    events: <T>(event = 'message') =>
      frames.filter((f) => f.event === event).map((f) => ({ id: Number(f.id), data: JSON.parse(f.data) as T })),
    until: (test, ms = 5000) =>
      new Promise<void>((resolve, reject) => {
        if (test()) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out after ${ms} ms; frames: ${JSON.stringify(frames)}`));
        }, ms);
        const check = () => {
          if (test()) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          } else if (finished) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`stream ended; frames: ${JSON.stringify(frames)}`));
          }
        };
        waiters.add(check);
      }),
    ended,
    close: () => ctrl.abort(),
  };
}
