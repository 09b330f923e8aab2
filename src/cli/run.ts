/**
 * The `tamis` dispatcher: `--version`, `help [COMMAND]`, then the subcommand found in the table of `commands.ts`,
 * with its options parsed, `--help` answered, and failures turned into one line on stderr (exit status 2). An
 * unexpected exception is reported the same way, with its stack trace only under `--debug`.
 */
import { EXIT, type CliCommand, type CliIo, type CommandContext } from './command.js';
import { COMMANDS } from './commands.js';
import { commandHelp, generalHelp, parseOptions } from './options.js';

export type { CliIo } from './command.js';

/** Colours only on a terminal, never when `NO_COLOR` is set (https://no-color.org) or the terminal is dumb. */
export function colorAllowed(io: CliIo): boolean {
  return io.isTTY && (io.env.NO_COLOR ?? '') === '' && io.env.TERM !== 'dumb';
}

function line(io: CliIo, where: string, code: string, message: string): number {
  io.stderr(`${where}: ${code}: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
  return EXIT.error;
}

/** Runs `tamis ARGV...` and returns the exit status. */
export async function runCli(argv: readonly string[], io: CliIo, commands: readonly CliCommand[] = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  const find = (n: string | undefined): CliCommand | undefined => commands.find((c) => c.name === n);
  if (name === '--version' || name === '-V') {
    io.stdout(`${io.version}\n`);
    return EXIT.ok;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic === undefined) {
      io.stdout(generalHelp(commands));
      return EXIT.ok;
    }
    const command = find(topic);
    if (command === undefined) return line(io, 'tamis help', 'unknown_command', `no command "${topic}" (tamis help lists them)`);
    io.stdout(commandHelp(command));
    return EXIT.ok;
  }
  if (name === undefined) {
    io.stderr(generalHelp(commands));
    return EXIT.error;
  }
  const command = find(name);
  if (command === undefined) {
    return line(io, 'tamis', 'unknown_command', `no command "${name}" (tamis help lists them)`);
  }
  const where = `tamis ${command.name}`;
  const parsed = parseOptions(command, rest);
  if (!parsed.ok) return line(io, where, parsed.code, `${parsed.message} (tamis ${command.name} --help lists the options)`);
  if (parsed.values.help === true) {
    io.stdout(commandHelp(command));
    return EXIT.ok;
  }
  const ctx: CommandContext = {
    args: parsed.args,
    values: parsed.values,
    io,
    color: colorAllowed(io),
    fail: (code, message) => line(io, where, code, message),
  };
  try {
    return await command.run(ctx);
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    line(io, where, 'internal_error', `${e.message}${parsed.values.debug === true ? '' : ' (--debug prints the stack trace)'}`);
    if (parsed.values.debug === true && e.stack !== undefined) io.stderr(`${e.stack}\n`);
    return EXIT.error;
  }
}
