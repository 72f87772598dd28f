import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Refine, type DataProvider } from "@refinedev/core";
import en from "../../public/locales/en/kit.json";
import { SavedViews, type SavedView, type ViewState } from "../../src/components/kit/SavedViews";
import { toApiError } from "../../src/providers/http-shared";

/**
 * The widget reads `/api/v2/saved-views` through the data provider named `rest`. Here that provider
 * is an in-memory stand-in with the server's answers (rows, and `{status, message, errors}` on
 * failure); the server side is covered by tests/server/saved-views.test.ts.
 */
let views: SavedView[];
let failCreate: unknown;
const calls = { getList: vi.fn(), create: vi.fn(), deleteOne: vi.fn() };

const rest: DataProvider = {
  getApiUrl: () => "/api/v2",
  getList: async (params) => {
    calls.getList(params);
    const listKey = params.filters?.find((f) => "field" in f && f.field === "listKey")?.value;
    const rows = views.filter((v) => v.listKey === listKey).sort((a, b) => a.name.localeCompare(b.name));
    return { data: rows as any[], total: rows.length };
  },
  getOne: async () => {
    throw new Error("not used");
  },
  create: async (params) => {
    calls.create(params);
    if (failCreate) throw failCreate;
    const values = params.variables as { listKey: string; name: string; state: ViewState };
    const row: SavedView = {
      id: views.length + 100,
      ...values,
      createdAt: "2026-11-22T08:00:00Z",
      updatedAt: "2026-11-22T08:00:00Z",
    };
    views.push(row);
    return { data: row as any };
  },
  update: async () => {
    throw new Error("not used");
  },
  deleteOne: async (params) => {
    calls.deleteOne(params);
    const row = views.find((v) => v.id === params.id)!;
    views = views.filter((v) => v !== row);
    return { data: row as any };
  },
};
const legacy: DataProvider = {
  ...rest,
  getList: async () => {
    throw new Error("the default provider must not be asked");
  },
};

/** English from the real locale file, so the test reads what a user reads. */
const i18nProvider = {
  translate: (key: string, options?: unknown) => {
    const found = key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    const text = typeof found === "string" ? found : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
      String((options as Record<string, string | number> | undefined)?.[name] ?? ""),
    );
  },
  changeLocale: async () => {},
  getLocale: () => "en",
};

const CURRENT: ViewState = {
  filters: [{ field: "status", operator: "eq", value: "paid" }],
  sorters: [{ field: "createdAt", order: "desc" }],
  columns: ["orderNo", "total"],
  pageSize: 20,
};

function renderWidget(onApply = vi.fn()) {
  render(
    <Refine
      dataProvider={{ default: legacy, rest }}
      i18nProvider={i18nProvider}
      options={{
        disableTelemetry: true,
        reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
      }}
    >
      <SavedViews listKey="orders" current={CURRENT} onApply={onApply} />
    </Refine>,
  );
  return onApply;
}

const openSelect = () => fireEvent.mouseDown(screen.getByRole("combobox", { name: "Saved views" }));

beforeEach(() => {
  views = [
    {
      id: 1,
      listKey: "orders",
      name: "Paid today",
      state: { filters: [{ field: "status", operator: "eq", value: "paid" }], pageSize: 50 },
      createdAt: "",
      updatedAt: "",
    },
    {
      id: 2,
      listKey: "orders",
      name: "Big orders",
      state: { sorters: [{ field: "total", order: "desc" }] },
      createdAt: "",
      updatedAt: "",
    },
    { id: 3, listKey: "blog", name: "Drafts", state: {}, createdAt: "", updatedAt: "" },
  ];
  failCreate = undefined;
  Object.values(calls).forEach((c) => c.mockClear());
});

describe("saved views", () => {
  it("lists the views of its list from the rest provider and applies the one picked", async () => {
    const onApply = renderWidget();
    await waitFor(() => expect(calls.getList).toHaveBeenCalled());
    expect(calls.getList.mock.calls[0][0]).toMatchObject({
      resource: "saved-views",
      filters: [{ field: "listKey", operator: "eq", value: "orders" }],
      sorters: [{ field: "name", order: "asc" }],
    });
    openSelect();
    expect(await screen.findByTitle("Big orders")).toBeInTheDocument();
    expect(screen.queryByTitle("Drafts")).not.toBeInTheDocument();
    fireEvent.click(screen.getByTitle("Paid today"));
    expect(onApply).toHaveBeenCalledWith(views[0].state);
  });

  it("saves the current state under a trimmed name and selects the new view", async () => {
    const onApply = renderWidget();
    fireEvent.click(await screen.findByRole("button", { name: /Save view/ }));
    const dialog = await screen.findByRole("dialog", { name: "Save the current view" });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "  Paid, newest first " } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: /Save view/ })));

    await waitFor(() => expect(calls.create).toHaveBeenCalledTimes(1));
    expect(calls.create.mock.calls[0][0]).toMatchObject({
      resource: "saved-views",
      variables: { listKey: "orders", name: "Paid, newest first", state: CURRENT },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The list is read again and the new view shows as the chosen one.
    expect(await screen.findByText("Paid, newest first")).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();
  });

  it("asks for a name before calling the server", async () => {
    renderWidget();
    fireEvent.click(await screen.findByRole("button", { name: /Save view/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "   " } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: /Save view/ })));
    expect(await within(dialog).findByText("Enter a name for the view")).toBeInTheDocument();
    expect(calls.create).not.toHaveBeenCalled();
  });

  it("shows the server's error on the name field and keeps the dialog open", async () => {
    const message = 'name "Paid today" is already used by another of your views of this list; choose another name';
    failCreate = toApiError(409, { status: 409, message, errors: [{ field: "name", message }] });
    renderWidget();
    fireEvent.click(await screen.findByRole("button", { name: /Save view/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Paid today" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: /Save view/ })));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("shows an error that is not about the name above the form", async () => {
    const message = "state must be at most 16 KB (this one is 20 KB)";
    failCreate = toApiError(400, { status: 400, message, errors: [{ field: "state", message }] });
    renderWidget();
    fireEvent.click(await screen.findByRole("button", { name: /Save view/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Huge" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: /Save view/ })));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(message);
  });

  it("deletes the chosen view only after confirmation", async () => {
    renderWidget();
    const remove = await screen.findByRole("button", { name: "Delete view" });
    expect(remove).toBeDisabled();
    openSelect();
    fireEvent.click(await screen.findByTitle("Big orders"));
    expect(remove).toBeEnabled();

    fireEvent.click(remove);
    const confirm = await screen.findByRole("tooltip");
    expect(confirm).toHaveTextContent('Delete the view "Big orders"?');
    expect(calls.deleteOne).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Delete view" })));
    await waitFor(() => expect(calls.deleteOne).toHaveBeenCalledTimes(1));
    expect(calls.deleteOne.mock.calls[0][0]).toMatchObject({ resource: "saved-views", id: 2 });
    await waitFor(() => expect(remove).toBeDisabled());
    openSelect();
    await screen.findByTitle("Paid today");
    expect(screen.queryByTitle("Big orders")).not.toBeInTheDocument();
  });
});
