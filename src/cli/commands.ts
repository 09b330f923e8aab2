/**
 * The table of `tamis` subcommands, in the order `tamis help` lists them. To add one, write a module exporting a
 * `CliCommand` (see `command.ts` and docs/cli.md, "Adding a subcommand") and add it here.
 */
import type { CliCommand } from './command.js';
import { importCommand } from './commands/import-command.js';
import { indexCommand } from './commands/index-command.js';
import { scenarioCommand } from './commands/scenario.js';
import { screenCommand } from './commands/screen.js';
import { serveCommand } from './commands/serve.js';
import { migrateCommand } from './commands/migrate.js';

export const COMMANDS: readonly CliCommand[] = [screenCommand, importCommand, indexCommand, scenarioCommand, serveCommand, migrateCommand];
