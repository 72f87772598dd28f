import type { ReactNode } from "react";
import { Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { EMPTY, date, dateTime, useFormat } from "../format";
import { Thumb } from "../Thumb";
import { kindOf, useWords, type Generated } from "./model";

/** How a generated screen draws one value of a field: the user's number and date formats, tags for states. */
export function useCell(g: Generated): (field: string, value: unknown) => ReactNode {
  const { t } = useTranslation();
  const { money, number } = useFormat();
  const w = useWords(g);
  return (field, value) => {
    if (value === null || value === undefined || value === "") return EMPTY;
    switch (kindOf(field, g.doc.fields[field] ?? {}, g.doc)) {
      case "money":
        return <span style={{ whiteSpace: "nowrap" }}>{money(value as number)}</span>;
      case "integer":
      case "number":
        return number(value as number);
      case "date":
        return date(value as string);
      case "dateTime":
        return dateTime(value as string);
      case "boolean":
        return <Tag color={value ? "green" : "default"}>{t(value ? "kit.generated.yes" : "kit.generated.no")}</Tag>;
      case "enum":
        return <Tag>{w.value(field, value)}</Tag>;
      case "image":
        return <Thumb url={value as string} size={40} />;
      case "json":
        return <Typography.Text code>{JSON.stringify(value).slice(0, 80)}</Typography.Text>;
      default:
        return <bdi>{typeof value === "string" ? value : JSON.stringify(value)}</bdi>;
    }
  };
}
