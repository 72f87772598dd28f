import { lazy, Suspense } from "react";
import { useTranslate } from "@refinedev/core";
import { App, Skeleton } from "antd";
import { useProductRead, useProductWrite } from "./hooks";
import { uploadBody, type ListAnswer, type Media } from "./model";

// dnd-kit only loads on the screens that show images.
const ImageSorter = lazy(() => import("./ImageSorter"));

/** Which endpoints serve the images: a catalogue product's, or a new product's in the submission flow. */
const FLOWS = {
  product: { list: "imageproduct", sort: "sortimageproduct", remove: "deleteimageproduct" },
  newproduct: { list: "imgnewproduct", sort: "sortimgnewproduct", remove: "deleteimgnewproduct" },
} as const;

export function ProductImages({
  productId,
  flow,
  disabled,
  onChange,
}: {
  productId: number;
  flow: keyof typeof FLOWS;
  disabled?: boolean;
  onChange?(): void;
}) {
  const t = useTranslate();
  const { notification } = App.useApp();
  const calls = FLOWS[flow];
  const { data, loading, refetch } = useProductRead<ListAnswer<Media>>(calls.list, { id: productId });
  const { run } = useProductWrite();
  const after = () => {
    onChange?.();
    return refetch();
  };

  return (
    <Suspense fallback={<Skeleton.Image active />}>
      <ImageSorter
        images={data?.items ?? []}
        loading={loading}
        disabled={disabled}
        onUpload={(file) =>
          run(
            "uploadimageproduct",
            uploadBody({ id: productId }, file),
            t("product.images.uploaded", "Image uploaded"),
          ).then(after)
        }
        onReorder={(imageIds) =>
          run(calls.sort, { id: productId, imageIds }, t("product.images.sorted", "Image order saved")).then(after)
        }
        onDelete={(imageId) =>
          run(calls.remove, { id: productId, imageId }, t("product.images.deleted", "Image deleted")).then(after)
        }
        onRejected={(message) => notification.error({ message })}
      />
    </Suspense>
  );
}
