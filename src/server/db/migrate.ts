import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from './index.ts';

const migrationsDir = new URL('./migrations/', import.meta.url);

/** The migrations in order: files named `NNN_name.sql`. */
function listMigrations(): { version: number; name: string; sql: string }[] {
  return readdirSync(migrationsDir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      sql: readFileSync(new URL(file, migrationsDir), 'utf8'),
    }));
}

/**
 * Applies the migrations not yet applied, each in its own transaction; with `through`, only those up to
 * that version (for tests of a migration on data written before it).
 * An advisory lock keeps two processes starting at once from applying the same one twice.
 */
export async function migrate(db: Db, through = Number.POSITIVE_INFINITY): Promise<number[]> {
  await db.query(`create table if not exists schema_migration (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  const applied: number[] = [];
  for (const migration of listMigrations()) {
    if (migration.version > through) break;
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(724311)');
      const rows = await tx.query('select 1 from schema_migration where version = $1', [migration.version]);
      if (rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migration (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
