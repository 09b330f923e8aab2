/** `tamis index --list FILE --out FILE`: write an index snapshot that `tamis screen --list` loads fast. */
import { EXIT, type CliCommand } from '../command.js';
import { loadList } from '../list-file.js';

export const indexCommand: CliCommand = {
  name: 'index',
  summary: 'write an index snapshot of a list file, which loads faster than the list',
  usage: '--list FILE --out FILE',
  options: {
    list: { type: 'string', value: 'FILE', description: 'the list file (JSON array of entities)' },
    out: { type: 'string', short: 'o', value: 'FILE', description: 'where to write the snapshot' },
    json: { type: 'boolean', description: 'write a version-1 snapshot (JSON text) instead of the binary version 2' },
  },
  details: 'Exit status: 0 written, 2 usage or input error (nothing written).',

  async run(ctx) {
    const { list, out } = ctx.values;
    if (ctx.args.length > 0) return ctx.fail('invalid_argument', `unexpected argument "${ctx.args[0]}"`);
    if (typeof list !== 'string') return ctx.fail('missing_option', '--list FILE is required');
    if (typeof out !== 'string') return ctx.fail('missing_option', '--out FILE is required');
    const loaded = await loadList(ctx.io, list);
    if (!loaded.ok) return ctx.fail(loaded.code, loaded.message);
    const { snapshotScreener, snapshotScreenerBytes } = await import('../../screening/snapshot.js');
    try {
      // Temp file then rename where the host can: a server reading the old snapshot through its file keeps it whole.
      (ctx.io.replaceFile ?? ctx.io.writeFile)(out, ctx.values.json === true ? JSON.stringify(snapshotScreener(loaded.screener)) : snapshotScreenerBytes(loaded.screener));
    } catch (error) {
      return ctx.fail('file_unwritable', `cannot write ${out}: ${(error as Error).message}`);
    }
    ctx.io.stderr(`indexed ${loaded.screener.size} entities into ${out}\n`);
    return EXIT.ok;
  },
};
