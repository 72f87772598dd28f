import { Show } from "@refinedev/antd";
import { useShow } from "@refinedev/core";
import { Descriptions, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { EditButton } from "../buttons";
import { BackLink } from "../direction";
import { RecordFailure } from "../RecordFailure";
import { screenPath } from "../../../resources/calls";
import { useCell } from "./cells";
import { generatedOf, isToken, recordName, useWords } from "./model";
import type { Overrides } from "./overrides";
import { ON_REST } from "../../../providers/rest";

/**
 * A generated screen's record page: every answered field with its label, the feature's overridden cells and
 * row actions; a missing id is the not-found page.
 */
export function GeneratedShow({ screen, id, overrides = {} }: { screen: string; id: string; overrides?: Overrides }) {
  const g = generatedOf(screen);
  const { t } = useTranslation();
  const w = useWords(g);
  const cell = useCell(g, overrides);
  const { actions: RowActions } = overrides;
  const { query, result } = useShow({ resource: g.resource, id, ...ON_REST, errorNotification: false });
  const listPath = screenPath(screen, "list");
  const refresh = () => void query.refetch();
  if (query.isError) return <RecordFailure query={query} backTo={listPath} />;
  return (
    <Show
      resource={screen}
      recordItemId={id}
      title={recordName(result, overrides) ?? t("kit.generated.showTitle", { screen: t(g.screen.label), id })}
      goBack={<BackLink to={listPath} label={t("buttons.backToList")} />}
      headerButtons={() => (
        <>
          {RowActions && result && <RowActions row={result} refresh={refresh} />}
          {g.screen.routes.edit && g.doc.update && <EditButton resource={screen} recordItemId={id} />}
        </>
      )}
    >
      {result ? (
        <Descriptions
          bordered
          column={1}
          items={Object.keys(g.doc.fields)
            .filter((f) => f !== "id" && !isToken(g.doc.fields[f]))
            .map((f) => ({ key: f, label: w.field(f), children: cell(f, result[f], result, refresh) }))}
        />
      ) : (
        <Skeleton active />
      )}
    </Show>
  );
}
