/** `tamis scenario convert|check FILE`: convert scenarios between tamis's format and the hosted service's language, or check one. */
import { EXIT, type CliCommand, type CommandContext } from '../command.js';
import type { TransactionViolation } from '../../transactions/types.js';

const report = (ctx: CommandContext, problems: readonly TransactionViolation[]): number => {
  for (const p of problems) ctx.io.stderr(`${p.code} ${p.path}: ${p.message}\n`);
  return EXIT.error;
};

function readJson(ctx: CommandContext, path: string): { ok: true; value: unknown } | { ok: false; status: number } {
  let text: string;
  try {
    text = ctx.io.readFile(path);
  } catch (error) {
    return { ok: false, status: ctx.fail('file_unreadable', `cannot read ${path}: ${(error as Error).message}`) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, status: ctx.fail('json_invalid', `${path} is not JSON: ${(error as Error).message}`) };
  }
}

export const scenarioCommand: CliCommand = {
  name: 'scenario',
  summary: "convert a scenario between tamis's format and the hosted service's language, or check one",
  usage: 'convert FILE [options] | check FILE [--instance FILE]',
  options: {
    to: { type: 'string', value: 'FORMAT', description: 'convert: tamis or hosted (default: the other one)' },
    instance: { type: 'string', value: 'FILE', description: 'a hosted instance (segment sets) to compose with the template FILE first' },
    lookups: { type: 'string', value: 'FILE', description: "lookup lists (JSON object of name → values) a tamis scenario names (default: the library's)" },
    wrapped: { type: 'boolean', description: 'convert: write a hosted document in the wrapped form' },
    out: { type: 'string', short: 'o', value: 'FILE', description: 'convert: write there instead of printing' },
  },
  details: `convert detects the input format. Constructs the other format cannot express are listed on standard error
with their path (NOT_CONVERTIBLE) and nothing is written. check loads and validates a scenario in either format and
lists problems with their path. See docs/scenario-language.md.

Exit status: 0 converted or valid, 2 usage or input error (an unreadable file, an invalid scenario, a construct that
cannot be converted): nothing written.`,

  async run(ctx) {
    const [action, file, ...extra] = ctx.args;
    if (action !== 'convert' && action !== 'check') return ctx.fail('invalid_argument', 'the action is convert or check');
    if (file === undefined) return ctx.fail('missing_argument', `tamis scenario ${action} needs a FILE`);
    if (extra.length > 0) return ctx.fail('invalid_argument', `unexpected argument "${extra[0]}"`);
    const { compileScenario } = await import('../../transactions/engine.js');
    const { compileHostedScenario } = await import('../../transactions/hosted/compile.js');
    const { hostedToTamis } = await import('../../transactions/hosted/convert-to-tamis.js');
    const { tamisToHosted } = await import('../../transactions/hosted/convert-to-hosted.js');
    const { composeScenarioDocument, isHostedScenarioDocument } = await import('../../transactions/hosted/document.js');
    const { LIBRARY_LOOKUPS } = await import('../../transactions/library.js');

    const read = readJson(ctx, file);
    if (!read.ok) return read.status;
    let doc = read.value;
    if (typeof ctx.values.instance === 'string') {
      const instance = readJson(ctx, ctx.values.instance);
      if (!instance.ok) return instance.status;
      doc = composeScenarioDocument(doc, instance.value);
    }
    let lookups = LIBRARY_LOOKUPS;
    if (typeof ctx.values.lookups === 'string') {
      const l = readJson(ctx, ctx.values.lookups);
      if (!l.ok) return l.status;
      lookups = l.value as typeof lookups;
    }
    const hosted = isHostedScenarioDocument(doc);
    if (action === 'check') {
      const r = hosted ? compileHostedScenario(doc) : compileScenario(doc, { lookups });
      if (!r.ok) return report(ctx, r.error);
      const { ref } = r.value;
      ctx.io.stdout(`${hosted ? 'hosted-language' : 'tamis'} scenario ${ref.name} (${ref.identifier}, version ${ref.version}): valid\n`);
      return EXIT.ok;
    }
    const to = ctx.values.to ?? (hosted ? 'tamis' : 'hosted');
    if (to !== 'tamis' && to !== 'hosted') return ctx.fail('invalid_option', '--to is tamis or hosted');
    if ((to === 'hosted') === hosted) {
      return ctx.fail('already_in_format', `${file} is already in the ${to === 'hosted' ? "hosted service's language" : 'tamis format'}`);
    }
    const r = hosted ? hostedToTamis(doc) : tamisToHosted(doc, { lookups, ...(ctx.values.wrapped === true ? { wrapped: true } : {}) });
    if (!r.ok) return report(ctx, r.error);
    const text = `${JSON.stringify(r.value, null, 2)}\n`;
    if (typeof ctx.values.out === 'string') {
      try {
        ctx.io.writeFile(ctx.values.out, text);
      } catch (error) {
        return ctx.fail('file_unwritable', `cannot write ${ctx.values.out}: ${(error as Error).message}`);
      }
    } else ctx.io.stdout(text);
    return EXIT.ok;
  },
};
