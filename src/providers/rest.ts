import simpleRest from "@refinedev/simple-rest";
import { http } from "./http";

/**
 * The second data provider, `rest`: resources the legacy catalogue does not name, served as plain
 * REST under /api/v2 (server/src/lib/rest.ts). Same HTTP client, so the same token and errors.
 */
export const restDataProvider = simpleRest("/api/v2", http);
