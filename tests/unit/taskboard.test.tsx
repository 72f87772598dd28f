import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes } from "react-router";
import { App as AntApp } from "antd";
import dayjs from "dayjs";
import taskboardStrings from "../../public/locales/en/taskboard.json";
import kitStrings from "../../public/locales/en/kit.json";
import common from "../../public/locales/en/common.json";
import { createDataProvider } from "../../src/providers/data";
import { restDataProvider } from "../../src/providers/rest";
import { useNotificationProvider } from "../../src/providers/notification";
import { taskboard } from "../../src/features/taskboard/resource";
import { TaskBoard } from "../../src/features/taskboard/TaskBoard";
import type { TaskCard } from "../../src/features/taskboard/model";
import { englishFrom, mockHttp, type Recorded } from "./helpers";
import { keyboardDrag, layOutBoards } from "./board-geometry";

/**
 * The task board screen over its real data providers (the legacy one for the column verbs, `rest`
 * for /api/v2); the HTTP layer answers like the server (tests/server/taskboard.test.ts covers that).
 */
type Column = { id: number; name: string; position: number };
let columns: Column[];
let cards: TaskCard[];
let failNext: { match: RegExp; status: number; body: object } | undefined;
let nextId: number;
let http: ReturnType<typeof mockHttp>;

const today = dayjs();
const day = (offset: number) => today.add(offset, "day").format("YYYY-MM-DD");
const card = (
  id: number,
  columnId: number,
  position: number,
  name: string,
  extra: Partial<TaskCard> = {},
): TaskCard => ({
  id,
  columnId,
  position,
  name,
  description: null,
  assigneeId: null,
  assigneeName: null,
  dueDate: null,
  attachmentCount: 0,
  createdAt: "2026-11-01T08:00:00Z",
  updatedAt: "2026-11-01T08:00:00Z",
  ...extra,
});
const ASSIGNEES = [
  { id: 1, name: "Somchai Wattanakul", username: "admin" },
  { id: 2, name: "Pimchanok Srisuk", username: "editor" },
];

/** Answers as JSON over HTTP would: copies, never the stored rows themselves. */
function server(req: Recorded): { status: number; data?: unknown } {
  const answer = route(req);
  return answer.data === undefined ? answer : { ...answer, data: JSON.parse(JSON.stringify(answer.data)) };
}

function route(req: Recorded): { status: number; data?: unknown } {
  const path = req.url.split("?")[0];
  if (failNext && failNext.match.test(`${req.method} ${path}`)) {
    const { status, body } = failNext;
    failNext = undefined;
    return { status, data: body };
  }
  const body = req.data as Record<string, any>;
  const inColumn = (columnId: number) =>
    cards.filter((c) => c.columnId === columnId).sort((a, b) => a.position - b.position);
  const renumber = (columnId: number, ids: number[]) =>
    ids.forEach((id, i) =>
      Object.assign(
        cards.find((c) => c.id === id)!,
        { columnId, position: i },
      ),
    );
  let m: RegExpExecArray | null;
  switch (`${req.method} ${path}`) {
    case "GET /api/v2/task-columns":
      return { status: 200, data: [...columns].sort((a, b) => a.position - b.position) };
    case "GET /api/v2/task-cards":
      return { status: 200, data: cards };
    case "GET /api/v2/task-assignees":
      return { status: 200, data: ASSIGNEES };
    case "POST /api/kanban/columns/update": {
      if (body.columnId) {
        const c = columns.find((x) => x.id === body.columnId)!;
        c.name = body.column.name;
        return { status: 200, data: { status: 200, message: "Column renamed.", column: c } };
      }
      const c = { id: nextId++, name: body.column.name, position: columns.length };
      columns.push(c);
      return { status: 200, data: { status: 200, message: "Column added.", column: c } };
    }
    case "POST /api/kanban/columns/delete":
      columns = columns.filter((c) => c.id !== body.columnId);
      cards = cards.filter((c) => c.columnId !== body.columnId);
      return { status: 200, data: { status: 200, message: "Column deleted with its cards." } };
    case "POST /api/v2/task-cards": {
      const made = card(nextId++, body.columnId, inColumn(body.columnId).length, body.name, {
        description: body.description,
        assigneeId: body.assigneeId,
        dueDate: body.dueDate,
        assigneeName: ASSIGNEES.find((a) => a.id === body.assigneeId)?.name ?? null,
      });
      cards.push(made);
      return { status: 201, data: made };
    }
  }
  if ((m = /^PATCH \/api\/v2\/task-cards\/(\d+)$/.exec(`${req.method} ${path}`))) {
    const c = cards.find((x) => x.id === Number(m![1]))!;
    Object.assign(c, body, {
      assigneeName: ASSIGNEES.find((a) => a.id === (body.assigneeId ?? c.assigneeId))?.name ?? null,
    });
    return { status: 200, data: { ...c } };
  }
  if ((m = /^DELETE \/api\/v2\/task-cards\/(\d+)$/.exec(`${req.method} ${path}`))) {
    const gone = cards.find((x) => x.id === Number(m![1]))!;
    cards = cards.filter((x) => x !== gone);
    renumber(
      gone.columnId,
      inColumn(gone.columnId).map((c) => c.id),
    );
    return { status: 200, data: gone };
  }
  if ((m = /^POST \/api\/v2\/task-cards\/(\d+)\/move$/.exec(`${req.method} ${path}`))) {
    const moved = cards.find((x) => x.id === Number(m![1]))!;
    const from = inColumn(moved.columnId)
      .map((c) => c.id)
      .filter((id) => id !== moved.id);
    renumber(moved.columnId, from);
    const target = body.columnId === moved.columnId ? from : inColumn(body.columnId).map((c) => c.id);
    renumber(body.columnId, [...target.slice(0, body.index), moved.id, ...target.slice(body.index)]);
    return { status: 200, data: { ...moved } };
  }
  if ((m = /^GET \/api\/v2\/task-cards\/(\d+)\/attachments$/.exec(`${req.method} ${path}`))) {
    const c = cards.find((x) => x.id === Number(m![1]))!;
    return {
      status: 200,
      data: Array.from({ length: c.attachmentCount }, (_, i) => ({
        id: 900 + i,
        cardId: c.id,
        url: `/uploads/document/${"a".repeat(32)}.pdf`,
        mime: "application/pdf",
        size: 2048,
        originalName: `brief-${i + 1}.pdf`,
        createdAt: "2026-11-01T08:00:00Z",
      })),
    };
  }
  if ((m = /^POST \/api\/v2\/task-cards\/(\d+)\/attachments$/.exec(`${req.method} ${path}`))) {
    const c = cards.find((x) => x.id === Number(m![1]))!;
    c.attachmentCount += 1;
    return {
      status: 201,
      data: {
        id: 999,
        cardId: c.id,
        url: "/uploads/image/x.png",
        mime: "image/png",
        size: 10,
        originalName: "x.png",
        createdAt: "",
      },
    };
  }
  return { status: 404, data: { status: 404, message: `No route ${req.method} ${path}` } };
}

function Notifications({ children }: { children: React.ReactNode }) {
  return (
    <Refine
      dataProvider={{ default: createDataProvider([taskboard]), rest: restDataProvider }}
      routerProvider={routerProvider}
      resources={taskboard.resources}
      i18nProvider={englishFrom({ ...taskboardStrings, ...kitStrings, ...common })}
      notificationProvider={useNotificationProvider}
      options={{
        disableTelemetry: true,
        reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
      }}
    >
      {children}
    </Refine>
  );
}

function renderBoard() {
  return render(
    <MemoryRouter initialEntries={["/admin/apps/kanban"]}>
      <AntApp>
        <Notifications>
          <Routes>
            <Route path="/admin/apps/kanban" element={<TaskBoard />} />
          </Routes>
        </Notifications>
      </AntApp>
    </MemoryRouter>,
  );
}

const sent = (method: string, path: RegExp) =>
  http.calls.filter((c) => c.method === method && path.test(c.url.split("?")[0]));
const column = (name: string) => screen.getByRole("region", { name });

let layout: { undo(): void };
beforeAll(() => {
  layout = layOutBoards();
});
afterAll(() => layout.undo());
beforeEach(() => {
  columns = [
    { id: 1, name: "To do", position: 0 },
    { id: 2, name: "Doing", position: 1 },
    { id: 3, name: "Done", position: 2 },
  ];
  cards = [
    card(10, 1, 0, "Write copy", {
      dueDate: day(-2),
      assigneeId: 2,
      assigneeName: "Pimchanok Srisuk",
      description: "For the spring sale",
    }),
    card(11, 1, 1, "Check prices", { dueDate: day(0) }),
    card(12, 2, 0, "Shoot photos", { dueDate: day(5), attachmentCount: 2 }),
  ];
  nextId = 100;
  failNext = undefined;
  http = mockHttp(server);
});
afterEach(() => http.restore());

describe("task board screen", () => {
  it("shows the columns with their cards: due dates (overdue marked), assignee, attachments", async () => {
    renderBoard();
    const todo = await screen.findByRole("region", { name: "To do" });
    expect(within(todo).getByLabelText("Cards: 2")).toHaveTextContent("2");
    const overdue = within(todo).getByText(/^Overdue: /);
    expect(overdue.closest(".ant-tag")).toHaveAttribute("data-due", "overdue");
    expect(within(todo).getByText("Due today").closest(".ant-tag")).toHaveAttribute("data-due", "today");
    expect(within(todo).getByText("Pimchanok Srisuk")).toBeInTheDocument();
    const doing = column("Doing");
    expect(within(doing).getByText(/^Due /).closest(".ant-tag")).toHaveAttribute("data-due", "later");
    expect(within(doing).getByLabelText("Attachments: 2")).toBeInTheDocument();
    expect(within(column("Done")).getByText("No cards yet")).toBeInTheDocument();
  });

  it("an empty board says how to start, and one click adds To do, Doing and Done", async () => {
    columns = [];
    cards = [];
    renderBoard();
    expect(await screen.findByText("Your board is empty")).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add To do, Doing and Done" })));
    await screen.findByRole("region", { name: "Done" });
    expect(sent("POST", /columns\/update$/).map((c) => c.data)).toEqual([
      { column: { name: "To do" } },
      { column: { name: "Doing" } },
      { column: { name: "Done" } },
    ]);
    expect(
      screen
        .getAllByRole("region")
        .map((r) => r.getAttribute("aria-labelledby") && within(r).getByRole("heading").textContent),
    ).toEqual(["To do", "Doing", "Done"]);
  });

  it("adds a card in a column through the drawer; the server's field errors land on the fields", async () => {
    renderBoard();
    const doing = await screen.findByRole("region", { name: "Doing" });
    fireEvent.click(within(doing).getByRole("button", { name: /Add card/ }));
    const drawer = await screen.findByRole("dialog");
    expect(within(drawer).getByText("New card")).toBeInTheDocument();
    fireEvent.change(within(drawer).getByLabelText("Name"), { target: { value: "  Pack samples " } });
    fireEvent.change(within(drawer).getByLabelText("Description"), { target: { value: "Two boxes" } });
    failNext = {
      match: /^POST \/api\/v2\/task-cards$/,
      status: 400,
      body: {
        status: 400,
        message: "assigneeId must be an active staff member",
        errors: [{ field: "assigneeId", message: "assigneeId must be an active staff member" }],
      },
    };
    await act(async () => fireEvent.click(within(drawer).getByRole("button", { name: "Save" })));
    expect(await within(drawer).findByText("assigneeId must be an active staff member")).toBeInTheDocument();

    await act(async () => fireEvent.click(within(drawer).getByRole("button", { name: "Save" })));
    await waitFor(() => expect(within(column("Doing")).getByText("Pack samples")).toBeInTheDocument());
    expect(sent("POST", /\/api\/v2\/task-cards$/).at(-1)!.data).toEqual({
      columnId: 2,
      name: "Pack samples",
      description: "Two boxes",
      assigneeId: null,
      dueDate: null,
    });
    expect(within(column("Doing")).getByLabelText("Cards: 2")).toBeInTheDocument();
  });

  it("opens a card with Enter, edits it, and deletes it", async () => {
    renderBoard();
    await screen.findByText("Write copy");
    const face = screen.getByText("Write copy").closest("[role=button]") as HTMLElement;
    face.focus();
    fireEvent.keyDown(face, { key: "Enter" });
    const drawer = await screen.findByRole("dialog");
    const name = within(drawer).getByLabelText("Name");
    expect(name).toHaveValue("Write copy");
    expect(within(drawer).getByLabelText("Description")).toHaveValue("For the spring sale");
    fireEvent.change(name, { target: { value: "Write the copy" } });
    await act(async () => fireEvent.click(within(drawer).getByRole("button", { name: "Save" })));
    await screen.findByText("Write the copy");
    expect(sent("PATCH", /task-cards\/10$/).at(-1)!.data).toEqual({
      name: "Write the copy",
      description: "For the spring sale",
      assigneeId: 2,
      dueDate: day(-2),
    });

    fireEvent.click(screen.getByText("Write the copy"));
    const again = await screen.findByRole("dialog");
    fireEvent.click(within(again).getByRole("button", { name: /Delete card/ }));
    const confirm = await screen.findByRole("tooltip");
    expect(confirm).toHaveTextContent("Delete the card “Write the copy” and its attachments?");
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Delete" })));
    await waitFor(() => expect(screen.queryByText("Write the copy")).toBeNull());
    expect(sent("DELETE", /task-cards\/10$/)).toHaveLength(1);
    expect(within(column("To do")).getByLabelText("Cards: 1")).toBeInTheDocument();
  });

  it("lists a card's attachments and refuses a file of another kind before sending it", async () => {
    renderBoard();
    fireEvent.click(await screen.findByText("Shoot photos"));
    const drawer = await screen.findByRole("dialog");
    expect(await within(drawer).findByText("brief-2.pdf")).toBeInTheDocument();
    // The upload control puts in a fresh file input after each pick.
    const input = () => drawer.querySelector("input[type=file]") as HTMLInputElement;
    await act(async () =>
      fireEvent.change(input(), { target: { files: [new File(["hello"], "notes.txt", { type: "text/plain" })] } }),
    );
    expect(
      await screen.findByText("notes.txt: only JPEG, PNG or WebP images and PDFs can be attached"),
    ).toBeInTheDocument();
    expect(sent("POST", /attachments$/)).toHaveLength(0);
    await act(async () =>
      fireEvent.change(input(), {
        target: { files: [new File([new Uint8Array([0x89, 0x50])], "shot.png", { type: "image/png" })] },
      }),
    );
    await waitFor(() => expect(sent("POST", /task-cards\/12\/attachments$/)).toHaveLength(1));
    expect(sent("POST", /attachments$/)[0].data).toBeInstanceOf(FormData);
    await waitFor(() => expect(within(column("Doing")).getByLabelText("Attachments: 3")).toBeInTheDocument());
  });

  it("renames a column, and deletes one after a confirmation that counts its cards", async () => {
    renderBoard();
    const todo = await screen.findByRole("region", { name: "To do" });
    fireEvent.click(within(todo).getByRole("button", { name: "Actions for column To do" }));
    fireEvent.click(await screen.findByText("Rename"));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Backlog" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Save" })));
    await screen.findByRole("region", { name: "Backlog" });
    expect(sent("POST", /columns\/update$/).at(-1)!.data).toEqual({ columnId: 1, column: { name: "Backlog" } });

    fireEvent.click(within(column("Backlog")).getByRole("button", { name: "Actions for column Backlog" }));
    fireEvent.click(await screen.findByText("Delete column"));
    const confirm = await screen.findByRole("dialog", { name: "Delete the column “Backlog”?" });
    expect(confirm).toHaveTextContent("Its 2 cards will be deleted with it.");
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Delete column" })));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Backlog" })).toBeNull());
    expect(sent("POST", /columns\/delete$/).map((c) => c.data)).toEqual([{ columnId: 1 }]);
    expect(screen.queryByText("Write copy")).toBeNull();
  });

  it("a keyboard move is one request; a refused move goes back and says why", async () => {
    renderBoard();
    await screen.findByText("Write copy");
    await keyboardDrag(screen.getByRole("button", { name: "Move card Write copy" }), ["ArrowRight"]);
    await waitFor(() => expect(sent("POST", /\/move$/)).toHaveLength(1));
    expect(sent("POST", /\/move$/)[0]).toMatchObject({
      url: "/api/v2/task-cards/10/move",
      data: { columnId: 2, index: 0 },
    });
    expect(within(column("Doing")).getByText("Write copy")).toBeInTheDocument();

    failNext = { match: /\/move$/, status: 404, body: { status: 404, message: "Column not found" } };
    await keyboardDrag(screen.getByRole("button", { name: "Move card Check prices" }), ["ArrowRight"]);
    await screen.findByText(kitStrings.kit.board.saveFailed);
    expect(screen.getByText("Column not found")).toBeInTheDocument();
    expect(within(column("To do")).getByText("Check prices")).toBeInTheDocument();
    expect(sent("POST", /\/move$/)).toHaveLength(2);
  });
});
