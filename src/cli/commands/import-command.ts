/** `tamis import FORMAT INPUT [FORMAT INPUT ...] --out FILE`: turn published lists into one list file that `tamis screen` reads. */
import type { CliCommand } from '../command.js';

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'turn published lists (OFAC, UN, EU, UK, OpenSanctions FtM, your CSV or JSON) into one list file',
  usage: 'FORMAT INPUT [FORMAT INPUT ...] --out FILE [options]   (FORMAT INPUT: ofac DIR | un FILE | eu FILE | uk FILE | ftm FILE | csv FILE | json FILE)',
  options: {
    out: { type: 'string', short: 'o', value: 'FILE', description: 'where to write the list file (a JSON array of entities, one a line)' },
    'skip-invalid': { type: 'boolean', description: 'import the valid records and report the invalid ones (default: fail on any)' },
  },
  details: `DIR for ofac holds sdn.csv (and, when present, alt.csv, add.csv, sdn_comments.csv); eu is the EU financial
sanctions list (FSF XML export); uk the UK Sanctions List (XML or CSV, as published). Several FORMAT INPUT pairs are
merged into one list file (entities are not merged: each keeps its sources; an id of your own list already used by
an earlier input is renamed SOURCE:ID). Progress, each issue (the first 50 in full) and a summary go to standard
error. The formats are described in docs/lists.md.

Exit status: 0 written, 2 usage or input error (an unreadable file, invalid records without --skip-invalid):
nothing written.`,

  async run(ctx) {
    const { importList, checkImportArgs } = await import('../../importers/cli.js');
    const out = typeof ctx.values.out === 'string' ? ctx.values.out : undefined;
    const args = checkImportArgs(ctx.args, out, ctx.values['skip-invalid'] === true);
    if ('code' in args) return ctx.fail(args.code, args.message);
    return importList(args, {
      readFile: (path) => (ctx.io.readBytes ? ctx.io.readBytes(path) : ctx.io.readFile(path)),
      writeFile: (path, data) => ctx.io.writeFile(path, data),
      stderr: (line) => ctx.io.stderr(`${line}\n`),
    });
  },
};
