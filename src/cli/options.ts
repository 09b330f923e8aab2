/** Option parsing (node:util parseArgs) and help text, from a command's option table. */
import { parseArgs } from 'node:util';
import type { CliCommand, CliOption, OptionValues } from './command.js';

/** Options every subcommand takes; the dispatcher handles them. */
export const COMMON_OPTIONS: Record<string, CliOption> = {
  help: { type: 'boolean', short: 'h', description: 'print this help and exit' },
  debug: { type: 'boolean', description: 'on an unexpected error, print the stack trace' },
};

export type Parsed = { ok: true; args: string[]; values: OptionValues } | { ok: false; code: string; message: string };

/** Parses a subcommand's arguments; an unknown option or a missing value is a usage error, not an exception. */
export function parseOptions(command: CliCommand, argv: readonly string[]): Parsed {
  const options = { ...command.options, ...COMMON_OPTIONS };
  const spec: NonNullable<Parameters<typeof parseArgs>[0]>['options'] = {};
  for (const [name, o] of Object.entries(options)) {
    spec[name] = { type: o.type, ...(o.short !== undefined ? { short: o.short } : {}), ...(o.multiple === true ? { multiple: true } : {}) };
  }
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: spec, allowPositionals: true, strict: true });
    return { ok: true, args: positionals, values: values as OptionValues };
  } catch (error) {
    const e = error as { code?: string; message: string };
    const code = e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? 'unknown_option' : 'invalid_option';
    // parseArgs' messages suggest "--" for positionals that start with "-"; keep the first sentence.
    return { ok: false, code, message: e.message.split('. ')[0]!.replace(/\.$/, '') };
  }
}

function optionLines(options: Record<string, CliOption>): string[] {
  const rows = Object.entries(options).map(([name, o]) => {
    const flag = `${o.short !== undefined ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`;
    return [flag, o.description + (o.multiple === true ? ' (may be repeated)' : '')] as const;
  });
  const width = Math.max(...rows.map(([f]) => f.length)) + 2;
  return rows.map(([f, d]) => `  ${f.padEnd(width)}${d}`);
}

/** `tamis help NAME` / `tamis NAME --help`: the synopsis, every option, then the details. */
export function commandHelp(command: CliCommand): string {
  const lines = [`Usage: tamis ${command.name} ${command.usage}`, '', command.summary, '', 'Options:', ...optionLines({ ...command.options, ...COMMON_OPTIONS })];
  if (command.details !== undefined) lines.push('', command.details.trimEnd());
  return `${lines.join('\n')}\n`;
}

/** `tamis help`: the commands, one line each. */
export function generalHelp(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length)) + 2;
  return [
    'tamis: screen names against sanctions, PEP, warning and adverse-media lists, offline.',
    '',
    'Usage: tamis COMMAND [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    `  ${'help'.padEnd(width)}print the help of a command (tamis help COMMAND, or tamis COMMAND --help)`,
    '',
    'Options:',
    '  --version   print the version and exit',
    '  --help      print this help and exit',
    '',
    'Exit status: 0 done (no hit), 1 at least one hit, 2 usage or input error.',
    'Documentation: docs/cli.md',
    '',
  ].join('\n');
}
