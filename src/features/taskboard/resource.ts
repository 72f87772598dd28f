import type { ResourceModule } from "../../resources/types";
import { action } from "../../resources/endpoints";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

/**
 * The template task board: each user's own board. Columns are added, renamed and deleted through the
 * legacy verbs below; columns, cards, moves, attachments and assignees are REST under /api/v2
 * (`task-columns`, `task-cards`, `task-assignees`), read through the `rest` data provider.
 */
export const taskboard = {
  name: "taskboard",
  endpoints: {
    actions: {
      updateColumn: action("/api/kanban/columns/update"),
      deleteColumn: action("/api/kanban/columns/delete"),
    },
  },
  pages: {
    taskboard: { list: page(() => import("./TaskBoard").then((m) => m.TaskBoard)) },
    "supplier-taskboard": { list: page(() => import("./TaskBoard").then((m) => m.TaskBoard)) },
  },
  resources: screensOf("taskboard"),
} satisfies ResourceModule;

export default taskboard;
