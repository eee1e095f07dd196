import { catalogue } from '../src/server/seed/data/index.ts';
import { seedCatalogue } from '../src/server/seed/index.ts';
import { syntheticCatalogue } from '../src/server/seed/synthetic.ts';
import { prepareDb, startServer } from '../src/server/server.ts';

const count = Number(process.env.COUNT ?? 10000);
const db = await prepareDb({ seed: false });
await seedCatalogue(db, syntheticCatalogue(catalogue, count));
const server = await startServer({ db, port: Number(process.env.PORT ?? 4510), host: '127.0.0.1' });
console.log('ready', server.url);
