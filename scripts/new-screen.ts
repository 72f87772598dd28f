/**
 * `npm run new:screen <name> [--title "Warehouses"]`: a new plain staff resource with a generated screen, in one go.
 * `<name>` is the resource in kebab case, plural (`warehouses`, `pickup-points`). Writes:
 *   server/src/db/schema/<name>.ts            the table (id, name, active, note, createdAt, updatedAt) + its barrel line
 *   server/drizzle/NNNN_create_<table>.sql    the migration (drizzle-kit, named for what it does)
 *   server/src/modules/<name>/routes.ts       the declaration: restResource, owner none (staff), audited
 *   contract/screens.ts                       the screens row: generated, under Settings, a menu leaf, admin only
 *   public/locales/<lng>/<name>.json          the field words in en, fr, vi, cn, ar; the title in shell.json
 *   tests/server/<name>.test.ts               its access rules (401, 403 to a supplier and the editor) and its verbs
 * then `npm run api:types`. The screen (list, record, create, edit, delete) needs no page code.
 * The title is English in every language until someone translates it (the script says where).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LANGS = ['en', 'fr', 'vi', 'cn', 'ar'] as const;
/** The words of the fields every new resource starts with, in the five languages. */
const FIELD_WORDS: Record<string, Record<(typeof LANGS)[number], string>> = {
  name: { en: 'Name', fr: 'Nom', vi: 'Tên', cn: '名称', ar: 'الاسم' },
  active: { en: 'Active', fr: 'Actif', vi: 'Hoạt động', cn: '启用', ar: 'مفعّل' },
  note: { en: 'Note', fr: 'Note', vi: 'Ghi chú', cn: '备注', ar: 'ملاحظة' },
  createdAt: { en: 'Created', fr: 'Créé le', vi: 'Ngày tạo', cn: '创建时间', ar: 'تاريخ الإنشاء' },
  updatedAt: { en: 'Updated', fr: 'Mis à jour', vi: 'Cập nhật', cn: '更新时间', ar: 'آخر تحديث' },
};
const EMPTY: Record<(typeof LANGS)[number], string> = {
  en: 'Nothing here yet',
  fr: 'Rien pour l’instant',
  vi: 'Chưa có gì',
  cn: '暂无内容',
  ar: 'لا شيء هنا بعد',
};

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const words = (kebab: string) => kebab.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

export interface NewScreen {
  name: string;
  title: string;
  table: string;
  constName: string;
  screenId: string;
  path: string;
}

export function planOf(name: string, title?: string): NewScreen {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) throw new Error(`"${name}": use kebab case, e.g. warehouses`);
  return {
    name,
    title: title ?? words(name),
    table: name.replace(/-/g, '_'),
    constName: camel(name),
    screenId: `setting-${name}`,
    path: `/admin/setting/${name}`,
  };
}

function edit(file: string, change: (text: string) => string) {
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`${file}: nothing changed (its anchor moved?)`);
  writeFileSync(file, after);
}

export function writeScreen(root: string, p: NewScreen): string[] {
  const at = (...parts: string[]) => join(root, ...parts);
  const written: string[] = [];
  const create = (file: string, text: string) => {
    if (existsSync(at(file))) throw new Error(`${file} exists already`);
    mkdirSync(join(at(file), '..'), { recursive: true });
    writeFileSync(at(file), text);
    written.push(file);
  };

  create(
    `server/src/db/schema/${p.name}.ts`,
    `import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** ${p.title} (a staff table: /api/v2/${p.name}, the generated screen ${p.path}). */
export const ${p.constName} = pgTable('${p.table}', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  note: text('note'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
`,
  );
  edit(at('server/src/db/schema.ts'), (s) => `${s.trimEnd()}\nexport * from './schema/${p.name}.js';\n`);
  written.push('server/src/db/schema.ts');

  create(
    `server/src/modules/${p.name}/routes.ts`,
    `import type { FastifyInstance } from 'fastify';
import { ${p.constName} } from '../../db/schema.js';
import { restResource } from '../../rest/resource.js';
import { dateTime } from '../../lib/schemas.js';

/** \`/api/v2/${p.name}\`: ${p.title.toLowerCase()}, a staff table; the screen ${p.path} is generated from it. */
export default async function ${p.constName}Routes(app: FastifyInstance) {
  restResource(app, {
    name: '${p.name}',
    label: '${p.title.replace(/s$/, '')}',
    table: ${p.constName},
    id: ${p.constName}.id,
    owner: 'none',
    audit: { entity: '${p.table}' },
    updatedAt: ${p.constName}.updatedAt,
    defaultSort: { field: 'name', order: 'asc' },
    fields: {
      name: {
        column: ${p.constName}.name,
        schema: { type: 'string' },
        write: { type: 'string', minLength: 1, maxLength: 120 },
        filter: ['like'],
        sort: true,
      },
      active: { column: ${p.constName}.active, schema: { type: 'boolean' }, write: true, optional: true, filter: ['eq'] },
      note: {
        column: ${p.constName}.note,
        schema: { type: ['string', 'null'] },
        write: { type: ['string', 'null'], maxLength: 500 },
        optional: true,
      },
      createdAt: { column: ${p.constName}.createdAt, schema: dateTime, sort: true, filter: ['gte', 'lte'] },
      updatedAt: { column: ${p.constName}.updatedAt, schema: dateTime, sort: true },
    },
  });
}
`,
  );

  edit(at('contract/screens.ts'), (s) =>
    s.replace(
      '  // ----- apps -----\n',
      `  screen({
    id: "${p.screenId}",
    feature: "${p.name}",
    name: "${p.screenId}",
    area: "admin",
    section: A.setting,
    grant: "${p.path}",
    root: A.setting.path,
    label: "resources.${p.screenId}",
    built: true,
    routes: { list: "${p.path}", create: "${p.path}/create", show: "${p.path}/:id", edit: "${p.path}/:id/edit" },
    leaves: [{ path: "${p.path}", title: "nav.${p.constName}", sort: 880 }],
    endpoints: ["/api/v2/${p.name}"],
    generated: { resource: "${p.name}" },
  }),
  // ----- apps -----\n`,
    ),
  );
  written.push('contract/screens.ts');

  for (const lng of LANGS) {
    const fields = Object.fromEntries(Object.entries(FIELD_WORDS).map(([f, w]) => [f, w[lng]]));
    create(
      `public/locales/${lng}/${p.name}.json`,
      `${JSON.stringify({ [p.name]: { empty: EMPTY[lng], fields } }, null, 2)}\n`,
    );
    edit(at(`public/locales/${lng}/shell.json`), (s) => {
      const shell = JSON.parse(s) as { nav: Record<string, string>; resources: Record<string, string> };
      shell.nav[p.constName] = p.title;
      shell.resources[p.screenId] = p.title;
      return `${JSON.stringify(shell, null, 2)}\n`;
    });
  }
  written.push('public/locales/*/shell.json');

  create(
    `tests/server/${p.name}.test.ts`,
    `/** /api/v2/${p.name} (written by npm run new:screen): who may call it, and its verbs. */
import { createTestApp, dbKinds, type TestApp } from '../support/app.js';

describe.each(dbKinds())('${p.name}: a staff resource (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ db: kind });
  });
  afterAll(async () => {
    await t?.close();
  });
  const url = '/api/v2/${p.name}';

  it('answers 401 without a token, 403 to a supplier and to the editor', async () => {
    for (const r of [
      { method: 'GET' as const, url },
      { method: 'POST' as const, url, payload: { name: 'Probe' } },
      { method: 'GET' as const, url: \`\${url}/1\` },
      { method: 'PATCH' as const, url: \`\${url}/1\`, payload: { name: 'Probe' } },
      { method: 'DELETE' as const, url: \`\${url}/1\` },
    ]) {
      expect((await t.app.inject(r)).statusCode, \`\${r.method} \${r.url}\`).toBe(401);
      for (const user of ['supplier1', 'editor'])
        expect((await t.app.inject({ ...r, headers: await t.headers(user) })).statusCode, \`\${user} \${r.method}\`).toBe(403);
    }
  });

  it('lets admin create, read, filter, change and delete, refusing a blank name on its field', async () => {
    const headers = await t.headers('admin');
    const made = await t.app.inject({ method: 'POST', url, headers, payload: { name: 'First' } });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json() as { id: number };
    expect(made.json()).toMatchObject({ name: 'First', active: true, note: null });
    const blank = await t.app.inject({ method: 'POST', url, headers, payload: { name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].field).toBe('name');
    const found = await t.app.inject({ method: 'GET', url: \`\${url}?name_like=fir&active=true\`, headers });
    expect(found.json().map((r: { id: number }) => r.id)).toEqual([id]);
    const changed = await t.app.inject({ method: 'PATCH', url: \`\${url}/\${id}\`, headers, payload: { active: false } });
    expect(changed.json()).toMatchObject({ id, active: false });
    expect((await t.app.inject({ method: 'DELETE', url: \`\${url}/\${id}\`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: \`\${url}/\${id}\`, headers })).statusCode).toBe(404);
  });
});
`,
  );
  return written;
}

function main() {
  const args = process.argv.slice(2);
  const name = args.find((a) => !a.startsWith('--'));
  const titleAt = args.indexOf('--title');
  if (!name) throw new Error('usage: npm run new:screen <name> [--title "Warehouses"]');
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  const p = planOf(name, titleAt >= 0 ? args[titleAt + 1] : undefined);
  const written = writeScreen(root, p);
  const run = (cmd: string, cmdArgs: string[]) => execFileSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
  run('npx', ['drizzle-kit', 'generate', '--config', 'server/drizzle.config.ts', '--name', `create_${p.table}`]);
  run('npx', ['prettier', '--write', ...written.filter((f) => !f.includes('*')), 'public/locales']);
  run('npm', ['run', 'api:types']);
  console.log(`\n${p.path}: list, record, create, edit and delete, generated from /api/v2/${p.name}.`);
  console.log(`Written: ${written.join(', ')}, the migration server/drizzle/*_create_${p.table}.sql, src/api/*.`);
  console.log(`Translate "${p.title}" (shell.json: nav.${p.constName}, resources.${p.screenId}) in fr, vi, cn, ar.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
