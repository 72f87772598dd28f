import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Button, Form } from "antd";
import { writeRules } from "../../src/components/kit/rules";
import { formatWindow, WindowField, windowRule, windowState, type TimeWindow } from "../../src/components/kit/window";

describe("marketing windows", () => {
  const at = Date.parse("2026-06-15T12:00:00Z");

  it("tells live, scheduled, expired and off apart", () => {
    expect(windowState({ startsAt: "2026-06-01T00:00:00Z", endsAt: "2026-07-01T00:00:00Z" }, at)).toBe("live");
    expect(windowState({ startsAt: "2026-06-01T00:00:00Z", endsAt: null }, at)).toBe("live");
    expect(windowState({ startsAt: "2026-06-20T00:00:00Z", endsAt: null }, at)).toBe("scheduled");
    // The end is the first moment it is no longer live.
    expect(windowState({ startsAt: "2026-06-01T00:00:00Z", endsAt: "2026-06-15T12:00:00Z" }, at)).toBe("expired");
    expect(windowState({ startsAt: "2026-06-01T00:00:00Z", endsAt: null, active: false }, at)).toBe("off");
  });

  it("shows a window in the zone it was entered in, whatever the browser's zone", () => {
    const w = { startsAt: "2026-12-01T02:00:00Z", endsAt: "2026-12-31T16:59:00Z", timezone: "Asia/Bangkok" };
    expect(formatWindow(w, "no end")).toBe("Dec 1, 2026 09:00 – Dec 31, 2026 23:59 (Asia/Bangkok)");
    expect(formatWindow({ ...w, endsAt: null, timezone: "Europe/Paris" }, "no end")).toBe(
      "Dec 1, 2026 03:00 – no end (Europe/Paris)",
    );
    expect(formatWindow(null, "no end")).toBe("—");
  });

  it("keeps the wall-clock times when the zone changes, so they mean the same hours there", () => {
    let sent: TimeWindow | undefined;
    const value = { startsAt: "2026-12-01T02:00:00Z", endsAt: "2026-12-02T02:00:00Z", timezone: "Asia/Bangkok" };
    render(<WindowField value={value} onChange={(w) => (sent = w)} />);
    // The picker shows Bangkok's wall clock.
    expect((screen.getAllByRole("textbox")[0] as HTMLInputElement).value).toBe("2026-12-01 09:00");
    fireEvent.mouseDown(screen.getByRole("combobox"));
    fireEvent.click(screen.getByTitle("Europe/Paris"));
    expect(sent).toEqual({
      startsAt: "2026-12-01T09:00:00+01:00",
      endsAt: "2026-12-02T09:00:00+01:00",
      timezone: "Europe/Paris",
    });
  });

  const windowForm = (rule: ReturnType<typeof windowRule>, onFinish?: (values: unknown) => void) =>
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="window" label="Window" rules={[rule]}>
          <WindowField />
        </Form.Item>
        <Button htmlType="submit">Create</Button>
      </Form>,
    );

  it("a window whose start the write requires is marked required, and when it has no start only the dates turn red, not the zone", async () => {
    const campaign = writeRules("/api/promotion/createcampaign");
    windowForm(windowRule("Pick when it starts", { start: campaign.requires("startsAt") }));
    expect(screen.getByText("Window").closest("label")?.className).toContain("ant-form-item-required");
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Pick when it starts")).toBeTruthy();
    expect(document.querySelector(".ant-picker")?.className).toContain("ant-picker-status-error");
    const zone = screen.getByRole("combobox").closest(".ant-select");
    expect(zone?.className).not.toContain("ant-select-status-error");
  });

  it("a window the write does not require is not marked and may stay empty", async () => {
    let sent: unknown;
    windowForm(windowRule("Pick when it starts", { start: false }), (v) => (sent = v));
    expect(screen.getByText("Window").closest("label")?.className).not.toContain("ant-form-item-required");
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(sent).toEqual({ window: undefined }));
  });

  it("a window that needs an end is refused with only a start", async () => {
    const rule = windowRule("Pick the start and the end", { start: true, end: true }) as {
      validator: (r: unknown, w?: TimeWindow) => Promise<void>;
    };
    const start = { startsAt: "2026-12-01T02:00:00Z", endsAt: null, timezone: "Asia/Bangkok" };
    await expect(rule.validator({}, start)).rejects.toThrow("Pick the start and the end");
    await expect(rule.validator({}, { ...start, endsAt: "2026-12-02T02:00:00Z" })).resolves.toBeUndefined();
    await expect(rule.validator({}, undefined)).rejects.toThrow();
  });
});
