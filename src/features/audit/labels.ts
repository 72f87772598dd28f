import { useTranslation } from "react-i18next";
import { humanize, type AuditSummary } from "./model";

/** Names of the log's codes in the UI language: a kind of record, an action (a code no translation names reads as words), the person. */
export function useAuditLabels() {
  const { t } = useTranslation();
  return {
    entityLabel: (entity: string) => t(`audit.entities.${entity}`, { defaultValue: humanize(entity) }),
    // Action codes may hold dots (`slip.upload`); the translations key them with underscores.
    actionLabel: (action: string) =>
      t(`audit.actions.${action.replace(/\./g, "_")}`, { defaultValue: humanize(action) }),
    actorLabel: (r: Pick<AuditSummary, "actorName" | "actorId">) =>
      r.actorName?.trim() || (r.actorId === null ? t("audit.list.system") : `#${r.actorId}`),
  };
}
