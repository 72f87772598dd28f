import { Fragment } from "react";
import { EMPTY } from "./format";

/**
 * An e-mail address as a mailto link that wraps only after "@" and before dots (never mid-word),
 * and reads left to right inside right-to-left text.
 */
export function Email({ value }: { value: string | null | undefined }) {
  if (!value?.trim()) return <>{EMPTY}</>;
  const parts = value.split(/(?=[.@])|(?<=@)/);
  return (
    <a href={`mailto:${value}`} dir="ltr">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </a>
  );
}

/** A phone number as a tel: link, left to right inside right-to-left text. */
export function Phone({ value }: { value: string | null | undefined }) {
  if (!value?.trim()) return <>{EMPTY}</>;
  return (
    <a href={`tel:${value.replace(/[^\d+]/g, "")}`} dir="ltr">
      {value}
    </a>
  );
}
