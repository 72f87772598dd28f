import { describe, expect, it } from "vitest";
import i18next from "i18next";
import { renderHook, render } from "@testing-library/react";
import { Form, type FormInstance } from "antd";
import { applyFieldErrors, hasFieldErrors, isNotFound } from "../../src/components/kit/errors";
import { toApiError } from "../../src/providers/http-shared";
import { Email, Phone } from "../../src/components/kit/contact";

/** A mounted form with the given fields, so antd knows which fields exist. */
function formWith(fields: string[]): FormInstance {
  const { result } = renderHook(() => Form.useForm()[0]);
  const form = result.current;
  render(
    <Form form={form}>
      {fields.map((name) => (
        <Form.Item key={name} name={name}>
          <input />
        </Form.Item>
      ))}
    </Form>,
  );
  return form;
}

const failure = toApiError(400, {
  message: "Bad input",
  errors: [
    { field: "title", message: "title must be at most 200 characters" },
    { field: "tags.2", message: "tags must not be empty" },
  ],
});

describe("server errors on forms", () => {
  it("says whether a failure names a field the form shows", () => {
    expect(hasFieldErrors(formWith(["title"]), failure)).toBe(true);
    expect(hasFieldErrors(formWith(["name"]), failure)).toBe(false);
    expect(hasFieldErrors(formWith(["title"]), toApiError(409, { message: "Changed meanwhile" }))).toBe(false);
  });

  it("puts each error on its field and leaves other fields alone", () => {
    const form = formWith(["title", "tags", "description"]);
    expect(applyFieldErrors(form, failure)).toBe(true);
    expect(form.getFieldError("title")).toEqual(["title must be at most 200 characters"]);
    expect(form.getFieldError("tags")).toEqual(["tags must not be empty"]);
    expect(form.getFieldError("description")).toEqual([]);
  });

  it("sends errors for missing fields, or a message-only failure, to the fallback field", () => {
    const form = formWith(["price"]);
    expect(applyFieldErrors(form, failure, "price")).toBe(true);
    expect(form.getFieldError("price")).toEqual(["title must be at most 200 characters", "tags must not be empty"]);
    const other = formWith(["name"]);
    expect(applyFieldErrors(other, toApiError(409, { message: "That name is taken" }), "name")).toBe(true);
    expect(other.getFieldError("name")).toEqual(["That name is taken"]);
  });

  it("places nothing without a fallback when no field matches, so the caller shows the message", () => {
    const form = formWith(["name"]);
    expect(applyFieldErrors(form, failure)).toBe(false);
    expect(form.getFieldError("name")).toEqual([]);
  });

  it("knows a missing record", () => {
    expect(isNotFound(toApiError(404, { message: "Not found" }))).toBe(true);
    expect(isNotFound(toApiError(403, { message: "Forbidden" }))).toBe(false);
    expect(isNotFound(toApiError(undefined, undefined))).toBe(false);
  });
});

describe("formats", () => {
  it("shows money as THB with two decimals in the UI language, and a dash for nothing", async () => {
    const { numberFormats, EMPTY } = await import("../../src/components/kit/format");
    const en = numberFormats("en");
    expect(en.money(1250)).toBe("฿1,250.00");
    expect(en.money("479")).toBe("฿479.00");
    expect(en.money(null)).toBe(EMPTY);
    expect(en.money(-0)).toBe("฿0.00");
    expect(en.money("")).toBe(EMPTY);
    expect(en.number(12345)).toBe("12,345");
    expect(numberFormats("fr").money(1250).replace(/\s/g, " ")).toBe("1 250,00 ฿");
    // Arabic keeps Latin digits, like the order numbers beside the amounts.
    expect(numberFormats("ar").money(1250)).toMatch(/1,250\.00/);
    expect(numberFormats("cn").number(12345)).toBe("12,345");
  });

  it("shows dates in the dayjs locale and a dash for nothing", async () => {
    const { date, dateTime, text, EMPTY } = await import("../../src/components/kit/format");
    expect(date("2026-11-24T10:30:00Z")).toMatch(/Nov 24, 2026/);
    expect(dateTime(null)).toBe(EMPTY);
    expect(text("  ")).toBe(EMPTY);
    expect(text("Teak")).toBe("Teak");
  });
});

describe("order events in the reader's language", () => {
  it("words an event from its code and values; a status move says only its reason; old events keep their text", async () => {
    const { eventText } = await import("../../src/features/orders/eventText");
    const fr = i18next.createInstance();
    const orders = JSON.parse(
      (await import("node:fs")).readFileSync(`${__dirname}/../../public/locales/fr/orders.json`, "utf8"),
    );
    await fr.init({ lng: "fr", resources: { fr: { translation: orders } }, interpolation: { escapeValue: false } });
    const t = (key: string, options?: Record<string, unknown>, fallback?: string) =>
      fr.t(key, { defaultValue: fallback, ...options });
    const money = (v: number | string) => `${Number(v).toFixed(2)} ฿`;
    expect(
      eventText(t, { code: "shipped", params: { transportType: "own_truck", trackingNo: "TH1" }, message: "x" }, money),
    ).toBe("Expédiée par Camion du magasin, suivi TH1");
    expect(eventText(t, { code: "slipApproved", params: { slip: 7, amount: "1250.00" }, message: "x" }, money)).toBe(
      "Justificatif n° 7 approuvé (1250.00 ฿)",
    );
    expect(
      eventText(
        t,
        { code: "status", params: { from: "paid", to: "cancelled", reason: "Rupture" }, message: "x" },
        money,
      ),
    ).toBe("Motif : Rupture");
    expect(eventText(t, { code: "status", params: { from: "paid", to: "preparing" }, message: "x" }, money)).toBe("");
    expect(eventText(t, { code: null, params: null, message: "Legacy text" }, money)).toBe("Legacy text");
  });
});

describe("contact values", () => {
  it("lets an e-mail wrap only after @ and before dots, as a left-to-right mailto link", () => {
    const { container } = render(<Email value="somchai.jaidee@homepro-lighting.co.th" />);
    const link = container.querySelector("a")!;
    expect(link).toHaveAttribute("href", "mailto:somchai.jaidee@homepro-lighting.co.th");
    expect(link).toHaveAttribute("dir", "ltr");
    expect(link.textContent).toBe("somchai.jaidee@homepro-lighting.co.th");
    expect(link.innerHTML.split("<wbr>").map((s) => s.replace(/<[^>]+>/g, ""))).toEqual([
      "somchai",
      ".jaidee",
      "@",
      "homepro-lighting",
      ".co",
      ".th",
    ]);
  });

  it("shows the empty dash for no address or number, and dials digits only", () => {
    expect(render(<Email value={null} />).container.textContent).toBe("—");
    expect(render(<Phone value="  " />).container.textContent).toBe("—");
    expect(render(<Phone value="+66 81-234-5678" />).container.querySelector("a")).toHaveAttribute(
      "href",
      "tel:+66812345678",
    );
  });
});
