#!/usr/bin/env node
/** The `tamis` command: the one place with real file and process I/O. */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadListFile } from '../screen-file/snapshot-file.js';
import type { CliIo } from './command.js';
import { runCli } from './run.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const io: CliIo = {
  readFile: (path) => readFileSync(path, 'utf8'),
  readBytes: (path) => readFileSync(path),
  loadListFile,
  writeFile: (path, content) => writeFileSync(path, content),
  replaceFile: (path, content) => {
    const temporary = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, content);
      renameSync(temporary, path);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
  },
  readStdin,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  env: process.env,
  isTTY: process.stdout.isTTY === true,
  sampleListPath: fileURLToPath(new URL('../../lists/sample/entities.json', import.meta.url)),
  version: packageJson.version,
  onSignal: (signal, handler) => void process.on(signal, handler),
  streams: { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
};

process.exitCode = await runCli(process.argv.slice(2), io);
