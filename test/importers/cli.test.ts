import { describe, expect, it } from 'vitest';
import { runImport, type ImportIo } from '../../src/importers/cli.js';
import type { Entity } from '../../src/types/entity.js';

function memoryIo(files: Record<string, string>) {
  const written: Record<string, string> = {};
  const lines: string[] = [];
  let t = 0;
  const io: ImportIo = {
    readFile(path) {
      const v = files[path];
      if (v === undefined) throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' });
      return v;
    },
    writeFile(path, data) {
      written[path] = data;
    },
    stderr(line) {
      lines.push(line);
    },
    now: () => (t += 10),
  };
  return { io, written, lines };
}

const SDN = '1,"ONE CO",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n2,"ROE, Jane","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1970."\n';
const CSV = 'id,entity_type,name,types\na,person,Ann,warning\nb,person,,warning\n';

const list = (text: string | undefined): Entity[] => JSON.parse(text ?? 'null') as Entity[];

describe('tamis import', () => {
  it('imports an OFAC folder (optional files absent) and writes a JSON list file', async () => {
    const { io, written, lines } = memoryIo({ 'data/ofac/sdn.csv': SDN });
    expect(await runImport(['import', 'ofac', 'data/ofac/', '--out', 'out.json'], io)).toBe(0);
    expect(list(written['out.json']).map((e) => e.name)).toEqual(['ONE CO', 'Jane ROE']);
    expect(lines).toEqual(['reading ofac data/ofac/', 'imported 2 entities in 10 ms (0 skipped as invalid, 0 warning(s))', 'wrote out.json']);
  });

  it.each([
    ['un', 'list.xml', '<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><FIRST_NAME>A</FIRST_NAME><SECOND_NAME>B</SECOND_NAME><REFERENCE_NUMBER>X.1</REFERENCE_NUMBER></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>', ['A B']],
    ['ftm', 'os.jsonl', '{"id":"q","schema":"Person","properties":{"name":["Q Q"],"topics":["role.pep"]}}\n', ['Q Q']],
    ['json', 'mine.json', JSON.stringify([{ id: 'z', entity_type: 'company', name: 'Zed', sources: ['internal'], types: ['warning'] }]), ['Zed']],
  ])('imports the %s format', async (format, file, text, names) => {
    const { io, written } = memoryIo({ [file]: text });
    expect(await runImport([format, file, '--out=o.json'], io)).toBe(0);
    expect(list(written['o.json']).map((e) => e.name)).toEqual(names);
  });

  it('fails on an invalid file with exit code 2, naming the issue, and writes nothing', async () => {
    const { io, written, lines } = memoryIo({ 'l.csv': CSV });
    expect(await runImport(['csv', 'l.csv', '--out', 'o.json'], io)).toBe(2);
    expect(written).toEqual({});
    expect(lines).toContain('  error list_empty_name at l.csv:3 column name: name is missing or empty (rule: name is a non-empty string)');
    expect(lines.at(-1)).toMatch(/^tamis import: import_invalid_records: 1 invalid record/);
  });

  it('imports the good rows with --skip-invalid', async () => {
    const { io, written, lines } = memoryIo({ 'l.csv': CSV });
    expect(await runImport(['csv', 'l.csv', '--out', 'o.json', '--skip-invalid'], io)).toBe(0);
    expect(list(written['o.json']).map((e) => e.id)).toEqual(['a']);
    expect(lines).toContain('imported 1 entities in 10 ms (1 skipped as invalid, 0 warning(s))');
  });

  it.each([
    [[], 'missing_argument: the format is one of ofac, un, eu, uk, ftm, csv, json'],
    [['xml', 'f'], 'invalid_argument: the format is one of ofac, un, eu, uk, ftm, csv, json, not xml'],
    [['csv'], 'missing_argument: csv needs a file'],
    [['csv', 'f'], 'missing_option: --out FILE is required'],
    [['csv', 'f', '--out'], 'invalid_option: --out needs a file name'],
    [['csv', 'f', '--out', 'o', '--fast'], 'unknown_option: unknown option --fast'],
    [['csv', 'f', 'eu'], 'missing_argument: eu needs a file'],
    [['csv', 'f', 'pdf', 'g', '--out', 'o'], 'invalid_argument: the format is one of ofac, un, eu, uk, ftm, csv, json, not pdf'],
  ])('rejects usage %j with exit code 2', async (argv, message) => {
    const { io, lines } = memoryIo({});
    expect(await runImport(argv, io)).toBe(2);
    expect(lines[0]).toBe(`tamis import: ${message}`);
  });

  it('exits 2 when the input cannot be read', async () => {
    const { io, lines } = memoryIo({});
    expect(await runImport(['ofac', 'nowhere', '--out', 'o.json'], io)).toBe(2);
    expect(lines.at(-1)).toMatch(/^tamis import: file_not_found: cannot read nowhere/);
  });

  it('prints progress lines on large imports', async () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `${i + 1},"CO ${i}",-0- ,"X",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- `).join('\n');
    const { io, lines } = memoryIo({ 'd/sdn.csv': rows });
    expect(await runImport(['ofac', 'd', '--out', 'o.json'], io)).toBe(0);
    expect(lines).toContain('  5000 entities...');
  });
});

describe('tamis import: EU, UK and several lists into one file', () => {
  const EU = '<export><sanctionEntity logicalId="7"><subjectType code="enterprise"/><nameAlias wholeName="Acme Fictional" strong="true"/></sanctionEntity></export>';
  const UK = 'Report Date: 01/01/2026\n"Unique ID","Name 6","Name type","Designation Type"\n"RUS1","ACME FICTIONAL","Primary Name","Entity"\n';
  const HOST = 'id,entity_type,name,types\nbl-1,company,Acme Fictional,warning\n';

  it.each([
    ['eu', 'eu.xml', EU, ['eu-fsf-7']],
    ['uk', 'uk.csv', UK, ['uk-fcdo-RUS1']],
  ])('imports the %s format', async (format, file, text, ids) => {
    const { io, written } = memoryIo({ [file]: text });
    expect(await runImport([format, file, '--out', 'o.json'], io)).toBe(0);
    expect(list(written['o.json']).map((e) => e.id)).toEqual(ids);
  });

  it('merges several inputs into one list file, each entity keeping its sources, ids unique', async () => {
    const { io, written, lines } = memoryIo({ 'data/ofac/sdn.csv': SDN, 'eu.xml': EU, 'uk.csv': UK, 'a.csv': HOST, 'b.csv': HOST });
    const argv = ['import', 'ofac', 'data/ofac', 'eu', 'eu.xml', 'uk', 'uk.csv', 'csv', 'a.csv', 'csv', 'b.csv', '--out', 'all.json'];
    expect(await runImport(argv, io)).toBe(0);
    expect(list(written['all.json']).map((e) => [e.id, e.sources.join()])).toEqual([
      ['ofac-sdn-1', 'ofac-sdn'], ['ofac-sdn-2', 'ofac-sdn'], ['eu-fsf-7', 'eu-fsf'], ['uk-fcdo-RUS1', 'uk-fcdo'],
      ['bl-1', 'internal'], ['internal:bl-1', 'internal'],
    ]);
    expect(lines.slice(0, 5)).toEqual(['reading ofac data/ofac', 'reading eu eu.xml', 'reading uk uk.csv', 'reading csv a.csv', 'reading csv b.csv']);
    expect(lines).toContain('  warning merge_renamed_id at b.csv id bl-1: entity id bl-1 is already used by an earlier input; renamed internal:bl-1 (rule: entity ids are unique across merged inputs)');
  });

  it('an invalid record in any input fails the whole import and writes nothing', async () => {
    const { io, written } = memoryIo({ 'eu.xml': EU, 'bad.csv': 'id,entity_type,name,types\nx,robot,X,warning\n' });
    expect(await runImport(['eu', 'eu.xml', 'csv', 'bad.csv', '--out', 'o.json'], io)).toBe(2);
    expect(written['o.json']).toBeUndefined();
  });
});
