import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import durations from "./durations.json" with { type: "json" };

const measured: Record<string, number> = durations;
/** A file not measured yet: longer than any measured one. */
const NEW = 1e6;

/**
 * The longest files first, in each group of projects that run together (unit and server, then the browser files):
 * the workers then end near the same time, instead of one running a long file alone at the end (a fresh clone has
 * no Vitest cache, and Vitest then runs the largest files first, not the longest). A file's length is Vitest's own
 * from this machine's last run, else its seconds in `durations.json` (from a whole run; the order is all it sets),
 * else it is new and runs first.
 */
export default class LongestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key)?.duration;
      return cached !== undefined ? cached / 1000 : (measured[key] ?? NEW);
    };
    return Promise.resolve(
      [...files].sort(
        (a, b) =>
          a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || seconds(b) - seconds(a),
      ),
    );
  }
}
