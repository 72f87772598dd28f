import type { TestProject } from "vitest/node";
import { ensurePgliteTemplate, PGLITE_TEMPLATE_FILE } from "../support/db.js";
import "../server/global-setup.js";

/** The browser tests' servers start from the server tests' seeded PGlite template (seconds saved per server). */
export default async function setup(project: TestProject) {
  await ensurePgliteTemplate();
  project.provide("pgliteTemplate", PGLITE_TEMPLATE_FILE);
}
