import { cloneElement, useId, type ReactElement } from "react";
import { Field } from "rc-field-form";
import type { Rule } from "rc-field-form/es/interface";
import { theme } from "antd";

/**
 * One labelled field of a sign-in form, on antd's own form engine (rc-field-form) without antd's
 * Form.Item: that one brings tooltips, the grid and scrolling (about 15 KB gzip) into a page that
 * must load fast. The label names the input, the error is announced and tied to it.
 */
export function AuthField({
  name,
  label,
  rules,
  children,
}: {
  name: string;
  label: string;
  rules?: Rule[];
  children: ReactElement<Record<string, unknown>>;
}) {
  const { token } = theme.useToken();
  const id = useId();
  return (
    <Field name={name} rules={rules}>
      {(control, meta) => {
        const error = meta.errors[0];
        return (
          <div style={{ marginBottom: token.marginLG }}>
            <label
              htmlFor={id}
              style={{
                display: "block",
                paddingBottom: token.paddingXS,
                color: token.colorTextHeading,
                fontSize: token.fontSize,
              }}
            >
              {label}
            </label>
            {cloneElement(children, {
              ...control,
              id,
              status: error ? "error" : undefined,
              "aria-invalid": error ? true : undefined,
              "aria-describedby": error ? `${id}-error` : undefined,
            })}
            {error && (
              <div
                id={`${id}-error`}
                style={{
                  color: token.colorError,
                  fontSize: token.fontSize,
                  lineHeight: token.lineHeight,
                  marginTop: 2,
                }}
              >
                {error}
              </div>
            )}
          </div>
        );
      }}
    </Field>
  );
}
