/** Dispatch of the `tamis` subcommands. */
import { INDEX_USAGE, SCREEN_USAGE, runIndex, runScreen, type CliIo } from './screen.js';

export const USAGE = `tamis: screen names against sanctions, PEP and adverse-media lists, offline.

${SCREEN_USAGE}

${INDEX_USAGE}
`;

export function runCli(argv: string[], io: CliIo): number {
  const [command, ...rest] = argv;
  switch (command) {
    case 'screen':
      return runScreen(rest, io);
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
