import type { ResourceEndpoints } from "../../resources/types";
import { action } from "../../resources/endpoints";

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
} satisfies ResourceEndpoints;

export default taskboard;
