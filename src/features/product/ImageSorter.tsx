import { useState } from "react";
import { useTranslate } from "@refinedev/core";
import { Button, Image, Popconfirm, Space, Tag, Tooltip, Upload } from "antd";
import { DeleteOutlined, HolderOutlined, UploadOutlined } from "@ant-design/icons";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  arrayMove,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "../../components/kit/images";
import "./product.css";

export interface SortableImage {
  id: number;
  url: string;
}

export interface ImageSorterProps {
  images: SortableImage[];
  loading?: boolean;
  /** Uploads one file; resolves when the server has stored it. */
  onUpload(file: File): Promise<unknown>;
  /** The new order of every image id, first = cover. */
  onReorder(ids: number[]): Promise<unknown>;
  onDelete(id: number): Promise<unknown>;
  /** Client-side check before sending; the server sniffs the content again. */
  onRejected?(message: string): void;
  disabled?: boolean;
}

function Tile({
  image,
  index,
  disabled,
  onDelete,
}: {
  image: SortableImage;
  index: number;
  disabled?: boolean;
  onDelete(id: number): Promise<unknown>;
}) {
  const t = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: image.id,
    disabled,
  });
  const label = t("product.images.position", { n: index + 1 }, `Image ${index + 1}`);
  return (
    <div
      ref={setNodeRef}
      className="product-image-tile"
      data-image-id={image.id}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        zIndex: isDragging ? 2 : undefined,
      }}
    >
      <Image src={image.url} alt={label} width={120} height={120} style={{ objectFit: "cover", borderRadius: 6 }} />
      <div className="product-image-bar">
        <Tooltip title={t("product.images.dragHint", "Drag, or focus and use Space + arrow keys, to reorder")}>
          <Button
            ref={setActivatorNodeRef}
            size="small"
            type="text"
            icon={<HolderOutlined />}
            aria-label={t("product.images.move", { n: index + 1 }, `Move image ${index + 1}`)}
            disabled={disabled}
            style={{ cursor: disabled ? undefined : "grab", touchAction: "none" }}
            {...attributes}
            {...listeners}
          />
        </Tooltip>
        {index === 0 && (
          <Tag color="blue" style={{ margin: 0 }}>
            {t("product.images.cover", "Cover")}
          </Tag>
        )}
        <Popconfirm
          title={t("product.images.confirmDelete", "Delete this image?")}
          okText={t("product.actions.delete", "Delete")}
          okButtonProps={{ danger: true }}
          cancelText={t("buttons.cancel")}
          onConfirm={() => onDelete(image.id)}
          disabled={disabled}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t("product.images.delete", { n: index + 1 }, `Delete image ${index + 1}`)}
            disabled={disabled}
          />
        </Popconfirm>
      </div>
    </div>
  );
}

/** Product images: upload with preview, drag (or keyboard) to sort, delete with confirmation. */
export default function ImageSorter({
  images,
  loading,
  onUpload,
  onReorder,
  onDelete,
  onRejected,
  disabled,
}: ImageSorterProps) {
  const t = useTranslate();
  // A drop shows at once, over the images it was made on; the server's answer (new `images`) replaces it.
  const [dropped, setDropped] = useState<{ over: SortableImage[]; order: SortableImage[] }>();
  const order = dropped?.over === images ? dropped.order : images;
  const [uploading, setUploading] = useState(0);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.findIndex((i) => i.id === active.id);
    const to = order.findIndex((i) => i.id === over.id);
    const next = arrayMove(order, from, to);
    setDropped({ over: images, order: next });
    onReorder(next.map((i) => i.id)).catch(() => setDropped(undefined));
  };

  const beforeUpload = (file: File) => {
    if (!IMAGE_ACCEPT.split(",").includes(file.type)) {
      onRejected?.(t("product.images.wrongType", { name: file.name }, `${file.name}: only JPEG, PNG or WebP images`));
      return Upload.LIST_IGNORE;
    }
    if (file.size > IMAGE_MAX_BYTES) {
      onRejected?.(t("product.images.tooLarge", { name: file.name }, `${file.name}: larger than 5 MB`));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Upload
        accept={IMAGE_ACCEPT}
        multiple
        showUploadList={false}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={({ file, onSuccess, onError }) => {
          setUploading((n) => n + 1);
          onUpload(file as File)
            .then((r) => onSuccess?.(r))
            .catch((e) => onError?.(e as Error))
            .finally(() => setUploading((n) => n - 1));
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading > 0} disabled={disabled}>
          {t("product.images.upload", "Upload images")}
        </Button>
      </Upload>
      <span style={{ color: "rgba(127,127,127,0.9)" }}>
        {t("product.images.rules", "JPEG, PNG or WebP, up to 5 MB each. The first image is the cover.")}
      </span>
      {order.length === 0 && !loading ? (
        <div className="product-image-empty">{t("product.images.empty", "No images yet")}</div>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order.map((i) => i.id)} strategy={rectSortingStrategy}>
            <Image.PreviewGroup>
              <div className="product-image-grid" aria-busy={loading}>
                {order.map((image, index) => (
                  <Tile key={image.id} image={image} index={index} disabled={disabled} onDelete={onDelete} />
                ))}
              </div>
            </Image.PreviewGroup>
          </SortableContext>
        </DndContext>
      )}
    </Space>
  );
}
