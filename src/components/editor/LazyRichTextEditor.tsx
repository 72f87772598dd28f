import { lazy, Suspense } from "react";
import { Skeleton } from "antd";
import type { RichTextEditorProps } from "./RichTextEditor";

// TipTap and ProseMirror are large: only screens that edit content download them.
const RichTextEditor = lazy(() => import("./RichTextEditor"));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
