import type { ReactNode } from "react";
import { Popconfirm } from "antd";
import { useTranslation } from "react-i18next";

/** The one confirmation before a generated screen deletes (a row, the selected rows, the open record). */
export function DeleteConfirm({
  title,
  onConfirm,
  children,
}: {
  title: string;
  onConfirm(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={t("kit.generated.deleteEffect")}
      okText={t("buttons.delete")}
      okButtonProps={{ danger: true }}
      cancelText={t("buttons.cancel")}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
