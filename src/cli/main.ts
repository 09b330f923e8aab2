#!/usr/bin/env node
/** The `tamis` command: the one place with real file and process I/O. */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCli } from './run.js';

const io = {
  readFile: (path: string) => readFileSync(path, 'utf8'),
  writeFile: (path: string, content: string) => writeFileSync(path, content),
  stdout: (text: string) => void process.stdout.write(text),
  stderr: (text: string) => void process.stderr.write(text),
  sampleListPath: fileURLToPath(new URL('../../lists/sample/entities.json', import.meta.url)),
  streams: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
};

process.exitCode = await runCli(process.argv.slice(2), io);
