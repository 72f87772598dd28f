import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";
import { taskboard as api } from "./endpoints";

/** The screens of `./endpoints`: the pages each route opens. Screens import the endpoints, never this file. */
export const taskboard = {
  ...api,
  pages: {
    taskboard: { list: page(() => import("./TaskBoard").then((m) => m.TaskBoard)) },
    "supplier-taskboard": { list: page(() => import("./TaskBoard").then((m) => m.TaskBoard)) },
  },
  resources: screensOf("taskboard"),
} satisfies ResourceModule;

export default taskboard;
