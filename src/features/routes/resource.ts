import type { ResourceModule } from "../../resources/types";
import { screensOf } from "../../resources/define";
import { page } from "../../components/kit/page";

/** The developer-facing route table; it reads the registry, not the API. */
export const routes = {
  pages: { routes: { list: page(() => import("./RouteTable").then((m) => m.default)) } },
  name: "routes",
  endpoints: {},
  resources: screensOf("routes"),
} satisfies ResourceModule;

export default routes;
