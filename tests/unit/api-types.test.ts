/**
 * The screens take their API types from the OpenAPI document (issue 14): src/api/schema.ts is generated from
 * it, src/api/index.ts reads it. This test renames every field of every answer and request body in src/api
 * (as if the server had renamed them all) and typechecks the features against that: each feature folder
 * that reads or writes the API must then fail to compile. A folder that still compiles declares its API
 * shapes by hand, and a rename on the server would reach its users instead of `npm run typecheck`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import ts from "typescript";

const ROOT = resolve(__dirname, "../..");
const FEATURES = join(ROOT, "src/features");
const API_INDEX = join(ROOT, "src/api/index.ts");
/** Feature folders that take nothing from the API, and why. */
const NO_API: Record<string, string> = {
  routes: "the route table is the table of screens (contract/screens.ts), read on the client",
};

const JSON_OF = 'type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : never;';
/**
 * Every key of a JSON value renamed `<key>_renamed`, arrays and nested objects included, but the envelopes
 * `items` and `data` that ItemOf and DataOf open (renamed, those would give `never`, whose fields never fail).
 */
const RENAMED = `type Renamed<T> = T extends readonly (infer E)[] ? Renamed<E>[]
  : T extends object ? { [K in keyof T as K extends "items" | "data" ? K : K extends string ? \`\${K}_renamed\` : K]: Renamed<T[K]> } : T;
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? Renamed<B> : never;`;

/** Errors by feature folder, from a typecheck of every feature with src/api/index.ts replaced by `index`. */
function errorsByFeature(index: string): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const roots = config.fileNames.filter((f) => resolve(f).startsWith(FEATURES + sep));
  const host = ts.createCompilerHost(config.options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError) =>
    resolve(file) === API_INDEX ? ts.createSourceFile(file, index, language) : read(file, language, onError);
  const program = ts.createProgram({ rootNames: roots, options: { ...config.options, noEmit: true }, host });
  const byFeature = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    // Only what the rename caused: the type named in the message has a renamed field.
    if (!d.file || !message.includes("_renamed")) continue;
    const where = relative(FEATURES, resolve(d.file.fileName));
    if (where.startsWith("..")) continue;
    const feature = where.split(sep)[0];
    byFeature.set(feature, [...(byFeature.get(feature) ?? []), `${where}: ${message.split("\n")[0]}`]);
  }
  return byFeature;
}

describe("front-end API types", () => {
  it("come from the OpenAPI document in every feature: renaming the document's fields breaks each feature's typecheck", () => {
    const source = readFileSync(API_INDEX, "utf8");
    expect(source, "src/api/index.ts no longer reads JSON bodies through JsonOf: update this test").toContain(JSON_OF);
    const errors = errorsByFeature(source.replace(JSON_OF, RENAMED));
    const features = readdirSync(FEATURES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    const handTyped = features.filter((f) => !(f in NO_API) && !errors.has(f));
    expect(
      handTyped,
      "these features still compile with every API field renamed: their API types are written by hand",
    ).toEqual([]);
    // A folder said to take nothing from the API must not start to.
    expect(Object.keys(NO_API).filter((f) => errors.has(f))).toEqual([]);
  }, 300_000);
});
