/** `npm run seed:large -- --orders 1000000` — demo data (if empty) plus N bulk orders. */
import { loadConfig } from '../server/src/config.js';
import { openDb } from '../server/src/db/client.js';
import { openStorage } from '../server/src/lib/storage.js';
import { seedLargeOrders } from '../server/src/demo/seed/large.js';
import { prepareDatabase } from '../server/src/demo/template.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const n = Number(arg('orders', '1000000'));
const config = loadConfig(process.env);
const h = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const t0 = Date.now();
await prepareDatabase(h.db, await openStorage(config));
await seedLargeOrders(h.db, n, (s) => console.log(s));
console.log(`seeded ${n.toLocaleString('en')} orders on ${h.kind} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
await h.close();
