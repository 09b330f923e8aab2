/**
 * `tamis migrate [--database URL] [--to N] [--status]`: bring a PostgreSQL database to the schema of this version
 * of tamis (the versioned migrations of `tamis/postgres`), or show where it stands. `tamis serve` with a postgres
 * store also migrates at start; this command lets a deployment migrate once, before starting its instances.
 */
import { EXIT, type CliCommand } from '../command.js';

export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'apply the PostgreSQL schema migrations a database lacks (or show its version with --status)',
  usage: '[--database URL] [--to N] [--status]',
  options: {
    database: { type: 'string', short: 'd', value: 'URL', description: 'the database (default: $TAMIS_DATABASE_URL), e.g. postgresql://tamis@db/tamis' },
    to: { type: 'string', value: 'N', description: 'stop at schema version N (default: the latest)' },
    status: { type: 'boolean', description: 'print the schema version and the pending migrations; change nothing' },
  },
  details:
    'Migrations run in one transaction under an advisory lock: instances migrating at once wait for each other, and a database already up to date is left alone. A database migrated by a newer tamis is refused. Needs the pg package (npm install pg).\nExit status: 0 done, 2 usage error or the database refused.',

  async run(ctx) {
    if (ctx.args.length > 0) return ctx.fail('invalid_argument', `unexpected argument "${ctx.args[0]}"`);
    const url = typeof ctx.values.database === 'string' ? ctx.values.database : ctx.io.env.TAMIS_DATABASE_URL;
    if (!url) return ctx.fail('missing_option', '--database URL (or TAMIS_DATABASE_URL) is required');
    let to: number | undefined;
    if (typeof ctx.values.to === 'string') {
      to = Number(ctx.values.to);
      if (!/^\d+$/.test(ctx.values.to)) return ctx.fail('invalid_option', '--to is a schema version (a whole number)');
    }
    const pg = await import('../../postgres/index.js');
    if (to !== undefined && to > pg.LATEST_SCHEMA_VERSION) return ctx.fail('invalid_option', `--to: this tamis knows schema versions up to ${pg.LATEST_SCHEMA_VERSION}`);
    let pool;
    try {
      pool = await pg.connectPostgres({ connectionString: url, max: 1 });
    } catch (e) {
      return ctx.fail('missing_dependency', (e as Error).message);
    }
    try {
      if (ctx.values.status === true) {
        const version = await pg.schemaVersion(pool);
        const pending = (await pg.pendingMigrations(pool)).map((m) => `${m.version} ${m.name}`);
        ctx.io.stdout(`schema ${version} (latest ${pg.LATEST_SCHEMA_VERSION}); pending: ${pending.length > 0 ? pending.join(', ') : 'none'}\n`);
        return EXIT.ok;
      }
      const report = await pg.migrate(pool, to !== undefined ? { to } : {});
      ctx.io.stdout(
        report.applied.length > 0
          ? `migrated to schema ${report.version} (applied ${report.applied.join(', ')})\n`
          : `schema ${report.version}: up to date\n`,
      );
      return EXIT.ok;
    } catch (e) {
      return ctx.fail('database_error', (e as Error).message);
    } finally {
      await pool.end();
    }
  },
};
