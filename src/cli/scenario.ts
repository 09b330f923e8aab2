/** `tamis scenario`: convert scenarios between tamis's format and the hosted service's language, or check one. */
import { parseArgs } from 'node:util';
import { compileScenario } from '../transactions/engine.js';
import { compileHostedScenario } from '../transactions/hosted/compile.js';
import { hostedToTamis } from '../transactions/hosted/convert-to-tamis.js';
import { tamisToHosted } from '../transactions/hosted/convert-to-hosted.js';
import { composeScenarioDocument, isHostedScenarioDocument } from '../transactions/hosted/document.js';
import { LIBRARY_LOOKUPS } from '../transactions/library.js';
import type { TransactionViolation } from '../transactions/types.js';
import type { CliIo } from './screen.js';

export const SCENARIO_USAGE = `Usage: tamis scenario convert FILE [options]
  Convert a scenario between tamis's JSON format and the hosted service's scenario language (the input format is
  detected). Constructs the other format cannot express are listed, with their path, and nothing is written.
  --to FORMAT        tamis or hosted (default: the other one)
  --instance FILE    a hosted instance (segment sets) to compose with the template FILE first
  --lookups FILE     lookup lists (JSON object of name → values) a tamis scenario names (default: the library's)
  --wrapped          write a hosted document in the wrapped form
  --out FILE         write there instead of printing
Usage: tamis scenario check FILE [--instance FILE]
  Load and validate a scenario in either format; problems are listed with their path.`;

const report = (io: CliIo, problems: readonly TransactionViolation[]) => {
  for (const p of problems) io.stderr(`${p.code} ${p.path}: ${p.message}\n`);
};

export function runScenario(argv: string[], io: CliIo): number {
  const [action, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        instance: { type: 'string' },
        lookups: { type: 'string' },
        wrapped: { type: 'boolean' },
        out: { type: 'string' },
      },
    });
  } catch (e) {
    io.stderr(`tamis scenario: ${(e as Error).message}\n${SCENARIO_USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const file = positionals[0];
  if ((action !== 'convert' && action !== 'check') || !file || positionals.length > 1) {
    io.stderr(`${SCENARIO_USAGE}\n`);
    return 2;
  }
  let doc: unknown;
  let lookups = LIBRARY_LOOKUPS;
  try {
    doc = JSON.parse(io.readFile(file));
    if (values.instance) doc = composeScenarioDocument(doc, JSON.parse(io.readFile(values.instance)));
    if (values.lookups) lookups = JSON.parse(io.readFile(values.lookups)) as typeof lookups;
  } catch (e) {
    io.stderr(`tamis scenario: ${(e as Error).message}\n`);
    return 1;
  }
  const hosted = isHostedScenarioDocument(doc);
  if (action === 'check') {
    const r = hosted ? compileHostedScenario(doc) : compileScenario(doc, { lookups });
    if (!r.ok) {
      report(io, r.error);
      return 1;
    }
    io.stdout(`${hosted ? 'hosted-language' : 'tamis'} scenario ${r.value.ref.name} (${r.value.ref.identifier}, version ${r.value.ref.version}): valid\n`);
    return 0;
  }
  const to = values.to ?? (hosted ? 'tamis' : 'hosted');
  if (to !== 'tamis' && to !== 'hosted') {
    io.stderr(`tamis scenario: --to is tamis or hosted\n`);
    return 2;
  }
  if ((to === 'hosted') === hosted) {
    io.stderr(`tamis scenario: ${file} is already in the ${to === 'hosted' ? "hosted service's language" : 'tamis format'}\n`);
    return 1;
  }
  const r = hosted ? hostedToTamis(doc) : tamisToHosted(doc, { lookups, ...(values.wrapped ? { wrapped: true } : {}) });
  if (!r.ok) {
    report(io, r.error);
    return 1;
  }
  const text = `${JSON.stringify(r.value, null, 2)}\n`;
  if (values.out) io.writeFile(values.out, text);
  else io.stdout(text);
  return 0;
}
