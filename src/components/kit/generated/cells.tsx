import type { ReactNode } from "react";
import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { EMPTY, date, dateTime, useFormat } from "../format";
import { Thumb } from "../Thumb";
import { kindOf, useWords, type Generated } from "./model";
import type { Overrides } from "./overrides";

const tags = (items: ReactNode[]) => (
  <Space size={[4, 4]} wrap>
    {items}
  </Space>
);

/**
 * How a generated screen draws one value of a field: the user's number and date formats, tags for states and
 * lists; a cell the feature overrides draws what it says (with the row, and `refresh` to read the rows again).
 */
export function useCell(
  g: Generated,
  overrides: Overrides = {},
): (field: string, value: unknown, row: Record<string, unknown>, refresh?: () => void) => ReactNode {
  const { t } = useTranslation();
  const { money, number } = useFormat();
  const w = useWords(g);
  return (field, value, row, refresh = () => undefined) => {
    const own = overrides.cells?.[field];
    if (own) return own(value, row, refresh);
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
      case "enumList":
        return (value as unknown[]).length
          ? tags((value as unknown[]).map((v) => <Tag key={String(v)}>{w.value(field, v)}</Tag>))
          : EMPTY;
      case "textList":
        return (value as string[]).length
          ? tags(
              (value as string[]).map((v) => (
                <Tag key={v}>
                  <bdi>{v}</bdi>
                </Tag>
              )),
            )
          : EMPTY;
      case "image":
        return <Thumb url={value as string} size={40} />;
      case "json":
        return <Typography.Text code>{JSON.stringify(value).slice(0, 80)}</Typography.Text>;
      default:
        return <bdi>{typeof value === "string" ? value : JSON.stringify(value)}</bdi>;
    }
  };
}
