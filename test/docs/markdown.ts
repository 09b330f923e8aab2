/**
 * Code blocks of the documentation, as the docs test runs them (the convention is in docs/design.md,
 * "Examples that run"): ```ts and ```sh blocks run, a ```text block right after a code block is its expected
 * output, `norun` in the info string skips a block, `continued` makes a ```ts block share the module (and so the
 * variables) of the ```ts block before it on the same page.
 */

import { isDeepStrictEqual } from 'node:util';

export type BlockLang = 'ts' | 'sh';

export interface DocBlock {
  /** The page, relative to the project root (`README.md`, `docs/cases.md`). */
  file: string;
  /** 1-based line of the block's first code line (the line after the opening fence). */
  line: number;
  lang: BlockLang;
  norun: boolean;
  continued: boolean;
  code: string;
  /** The ```text block that follows the block, if any. */
  expected?: { line: number; text: string };
}

export interface Fence {
  info: string;
  line: number;
  code: string;
  /** Whether only blank lines separate this fence from the previous one. */
  adjacent: boolean;
}

/** Languages that look runnable but are not the convention's: they are refused rather than silently skipped. */
const REFUSED = new Set(['typescript', 'bash', 'shell', 'console', 'shell-session', 'zsh']);

/** Every fenced block of a markdown text, with its info string and position. */
export function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const out: Fence[] = [];
  let lastEnd = -1;
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const marker = open[2]!;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trimStart().startsWith(marker)) body.push(lines[j++]!);
    const between = lastEnd < 0 ? ['x'] : lines.slice(lastEnd + 1, i);
    out.push({ info: open[3]!.trim(), line: i + 2, code: body.join('\n'), adjacent: between.every((l) => l.trim() === '') });
    lastEnd = j;
    i = j;
  }
  return out;
}

/** The runnable blocks of one page, or a list of problems (a refused language, a misplaced `continued`). */
export function docBlocks(file: string, markdown: string): { blocks: DocBlock[]; problems: string[] } {
  const blocks: DocBlock[] = [];
  const problems: string[] = [];
  let previous: DocBlock | undefined;
  let previousFence: Fence | undefined;
  for (const fence of fences(markdown)) {
    const [lang = '', ...flags] = fence.info.split(/\s+/);
    if (lang === 'text' && fence.adjacent && previous && previousFence && previous.line === previousFence.line) {
      previous.expected = { line: fence.line, text: fence.code };
    } else if (lang === 'ts' || lang === 'sh') {
      const unknown = flags.filter((f) => f !== 'norun' && f !== 'continued');
      if (unknown.length > 0) problems.push(`${file}:${fence.line - 1}: unknown fence flag ${unknown.join(' ')}`);
      const block: DocBlock = {
        file,
        line: fence.line,
        lang,
        norun: flags.includes('norun'),
        continued: flags.includes('continued'),
        code: fence.code,
      };
      if (block.continued && (lang !== 'ts' || !blocks.some((b) => b.lang === 'ts' && !b.norun))) {
        problems.push(`${file}:${fence.line - 1}: "continued" needs a runnable ts block before it on the page`);
      }
      blocks.push(block);
      previous = block;
    } else if (REFUSED.has(lang.toLowerCase())) {
      problems.push(`${file}:${fence.line - 1}: write \`\`\`${lang.startsWith('t') ? 'ts' : 'sh'} (or add norun), not \`\`\`${lang}`);
    }
    previousFence = fence;
  }
  return { blocks, problems };
}

/**
 * Whether `actual` output matches the `expected` text. When both are JSON they are compared as values (so the
 * documentation may lay JSON out by hand). Otherwise line ends and trailing blank lines are ignored, durations
 * (`812 ms`, `0.4 ms`) match any duration, and `...` in the expected text matches any text (even across lines).
 */
export function outputMatches(expected: string, actual: string): boolean {
  const json = (s: string): { value: unknown } | undefined => {
    try {
      return { value: JSON.parse(s) };
    } catch {
      return undefined;
    }
  };
  const [e, a] = [json(expected), json(actual)];
  if (e && a) return isDeepStrictEqual(e.value, a.value);
  const norm = (s: string): string =>
    s
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n')
      .replace(/\b\d+(?:\.\d+)? ?ms\b/g, '<duration>')
      .trim();
  const pattern = norm(expected)
    .split('...')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*?');
  return new RegExp(`^${pattern}$`).test(norm(actual));
}
