/**
 * What a `tamis` subcommand is: a name, a one-line summary, its options and a `run` function, registered in the
 * table of `commands.ts`. The dispatcher (`run.ts`) parses the options, answers `--help`, and turns a failure into
 * one line on stderr with exit status 2; a command only does its work. See docs/cli.md, "Adding a subcommand".
 */
import type { Readable, Writable } from 'node:stream';

export interface CliOption {
  type: 'string' | 'boolean';
  /** One-letter alias (`-o`). */
  short?: string;
  /** Name of the value in the help (`FILE`, `N`); string options only. */
  value?: string;
  /** The option may be given several times; its value is then a list. */
  multiple?: boolean;
  description: string;
}

export type OptionValues = Record<string, string | boolean | string[] | undefined>;

/** The process around a command: files, streams, environment. Tests pass a fake. */
import type { LoadedList } from '../screen-file/list.js';

export interface CliIo {
  readFile(path: string): string;
  /** The file's bytes, for importers that detect the encoding themselves. */
  readBytes?(path: string): Uint8Array | Promise<Uint8Array>;
  /**
   * Loads a list file or a `tamis index` snapshot from the file system (a binary snapshot through its open file,
   * screen-file/snapshot-file.ts): when given, `tamis screen` and `tamis index` load their list with it.
   */
  loadListFile?(path: string, trusted: boolean): LoadedList;
  writeFile(path: string, content: string | Uint8Array): void;
  /**
   * Writes a file whole or not at all (a temporary file next to it, then renamed over it), so a server reading the
   * old file through its open descriptor keeps reading the old bytes: `tamis index` writes with it when given.
   */
  replaceFile?(path: string, content: string | Uint8Array): void;
  /** All of standard input, for `-` in place of names. */
  readStdin(): Promise<string>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** The environment (`NO_COLOR`, `TERM`). */
  env: Readonly<Record<string, string | undefined>>;
  /** Whether standard output is a terminal (colours are only used there). */
  isTTY: boolean;
  /** Path of the bundled sample list. */
  sampleListPath: string;
  /** The package's version. */
  version: string;
  /** Registers a process signal handler (`tamis serve`); absent in tests that send no signal. */
  onSignal?(signal: 'SIGHUP' | 'SIGTERM' | 'SIGINT', handler: () => void): void;
  /**
   * The process streams, for commands that stream large inputs and outputs (`screen --file`); without them such a
   * command reads standard input whole and writes through `stdout` / `stderr`.
   */
  streams?: {
    stdin: Readable;
    stdout: Writable;
    stderr: Writable & { isTTY?: boolean };
  };
}

export interface CommandContext {
  /** Positional arguments, after the subcommand's name. */
  args: string[];
  values: OptionValues;
  io: CliIo;
  /** Whether the output may use colours (a terminal, and `NO_COLOR` unset). */
  color: boolean;
  /**
   * Reports an expected failure (bad input, missing file): one line `tamis NAME: CODE: message` on stderr.
   * Returns the exit status 2, so a command ends with `return ctx.fail(...)`.
   */
  fail(code: string, message: string): number;
}

export interface CliCommand {
  name: string;
  /** One line for `tamis help`. */
  summary: string;
  /** The synopsis after `tamis NAME`, e.g. `NAME... [options]`. */
  usage: string;
  /** Paragraphs printed by `tamis help NAME` after the options (exit codes, formats, examples). */
  details?: string;
  options: Record<string, CliOption>;
  /** Does the work; returns the exit status. Keep the module light: load heavy modules inside with `await import()`. */
  run(ctx: CommandContext): number | Promise<number>;
}

/** Exit statuses every subcommand uses (documented in docs/cli.md). */
export const EXIT = {
  /** Done; for screening, no name had a hit. */
  ok: 0,
  /** Done, and at least one name had a hit. */
  found: 1,
  /** Usage or input error: nothing was done. */
  error: 2,
} as const;
