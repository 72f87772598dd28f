import { Show } from "@refinedev/antd";
import { useShow } from "@refinedev/core";
import { Descriptions, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { EditButton } from "../buttons";
import { BackLink } from "../direction";
import { RecordFailure } from "../RecordFailure";
import { screenPath } from "../../../resources/calls";
import { useCell } from "./cells";
import { generatedOf, useWords } from "./model";
import { ON_REST } from "../../../providers/rest";

/** A generated screen's record page: every answered field with its label; a missing id is the not-found page. */
export function GeneratedShow({ screen, id }: { screen: string; id: string }) {
  const g = generatedOf(screen);
  const { t } = useTranslation();
  const w = useWords(g);
  const cell = useCell(g);
  const { query, result } = useShow({ resource: g.resource, id, ...ON_REST, errorNotification: false });
  const listPath = screenPath(screen, "list");
  if (query.isError) return <RecordFailure query={query} backTo={listPath} />;
  return (
    <Show
      resource={screen}
      recordItemId={id}
      title={t("kit.generated.showTitle", { screen: t(g.screen.label), id })}
      goBack={<BackLink to={listPath} label={t("buttons.backToList")} />}
      headerButtons={() =>
        g.screen.routes.edit && g.doc.update ? <EditButton resource={screen} recordItemId={id} /> : null
      }
    >
      {result ? (
        <Descriptions
          bordered
          column={1}
          items={Object.keys(g.doc.fields)
            .filter((f) => f !== "id")
            .map((f) => ({ key: f, label: w.field(f), children: cell(f, result[f]) }))}
        />
      ) : (
        <Skeleton active />
      )}
    </Show>
  );
}
