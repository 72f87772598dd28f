import { useTranslate, useUpdate } from "@refinedev/core";
import { Switch } from "antd";
import { overridesOf } from "../../components/kit/generated/overrides";
import { ON_REST } from "../../providers/rest";

/** A rate is switched on and off in its row, as staff did on the old screen, without opening its form. */
function StatusSwitch({ id, name, status }: { id: number; name: string; status: "active" | "inactive" }) {
  const t = useTranslate();
  const { mutate, mutation } = useUpdate();
  const on = status === "active";
  return (
    <Switch
      checked={on}
      loading={mutation.isPending}
      checkedChildren={t("product.installRate.values.status.active")}
      unCheckedChildren={t("product.installRate.values.status.inactive")}
      aria-label={`${t("product.installRate.fields.status")}: ${name}`}
      onChange={(active) =>
        mutate({
          resource: "install-rates",
          id,
          values: { status: active ? "active" : "inactive" },
          ...ON_REST,
          successNotification: () => ({
            type: "success",
            message: t(active ? "product.installRate.switchedOn" : "product.installRate.switchedOff", { name }),
          }),
        })
      }
    />
  );
}

/** What the product screens' generated pages draw differently (src/components/kit/generated/overrides.ts). */
export const overrides = {
  "product-installrate": overridesOf("install-rates", {
    cells: { status: (status, row) => <StatusSwitch id={row.id} name={row.name} status={status} /> },
  }),
};
