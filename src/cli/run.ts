/** Dispatch of the `tamis` subcommands. */
import { IMPORT_USAGE, runImport } from '../importers/cli.js';
import { SCENARIO_USAGE, runScenario } from './scenario.js';
import { INDEX_USAGE, SCREEN_USAGE, runIndex, runScreen, type CliIo } from './screen.js';

export const USAGE = `tamis: screen names against sanctions, PEP and adverse-media lists, offline.

${SCREEN_USAGE}

${INDEX_USAGE}

${IMPORT_USAGE.replace(/^usage: /, 'Usage: ')}

${SCENARIO_USAGE}
`;

/** Runs a subcommand; `import` reads files asynchronously, so its exit code comes as a promise. */
export function runCli(argv: string[], io: CliIo): number | Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'screen':
      return runScreen(rest, io);
    case 'import':
      return runImport(rest, { readFile: io.readFile, writeFile: io.writeFile, stderr: (line) => io.stderr(`${line}\n`) });
    case 'index':
      return runIndex(rest, io);
    case 'scenario':
      return runScenario(rest, io);
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
