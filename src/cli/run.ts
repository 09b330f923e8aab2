/** Dispatch of the `tamis` subcommands. */
import { IMPORT_USAGE, runImport } from '../importers/cli.js';
import { INDEX_USAGE, SCREEN_USAGE, runIndex, runScreen, type CliIo } from './screen.js';
import { runScreenFile, SCREEN_FILE_USAGE } from './screen-file.js';

export const USAGE = `tamis: screen names against sanctions, PEP and adverse-media lists, offline.

${SCREEN_USAGE}

${SCREEN_FILE_USAGE}

${INDEX_USAGE}

${IMPORT_USAGE.replace(/^usage: /, 'Usage: ')}
`;

/** Runs a subcommand; `import` and `screen --file` read files asynchronously, so their exit code comes as a promise. */
export function runCli(argv: string[], io: CliIo): number | Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'screen':
      if (rest.some((a) => a === '--file' || a.startsWith('--file='))) {
        if (io.streams === undefined) {
          io.stderr('tamis screen --file: this host gives no process streams\n');
          return 2;
        }
        return runScreenFile(rest, { ...io.streams, sampleListPath: io.sampleListPath });
      }
      return runScreen(rest, io);
    case 'import':
      return runImport(rest, { readFile: io.readFile, writeFile: io.writeFile, stderr: (line) => io.stderr(`${line}\n`) });
    case 'index':
      return runIndex(rest, io);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.stdout(USAGE);
      return command === undefined ? 2 : 0;
    default:
      io.stderr(`tamis: unknown command "${command}"\n${USAGE}`);
      return 2;
  }
}
