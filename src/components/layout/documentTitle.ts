import type { IResourceItem } from "@refinedev/core";
import type { TFunction } from "i18next";

/**
 * The browser tab's title for a screen, in the UI language: the screen's translated label, the
 * record's id on a record's page, then the app's name (`Orders · #12 | Seller Center`).
 */
export function documentTitle(
  t: TFunction,
  resource: IResourceItem | undefined,
  action: string | undefined,
  id: string | number | undefined,
): string {
  const app = t("app.name");
  const key = resource?.meta?.label;
  if (typeof key !== "string") return app;
  const label = t(key);
  const page =
    action === "create"
      ? t("documentTitle.create", { label })
      : action === "edit" && id !== undefined
        ? t("documentTitle.edit", { label, id })
        : action === "show" && id !== undefined
          ? t("documentTitle.show", { label, id })
          : label;
  return `${page} | ${app}`;
}
