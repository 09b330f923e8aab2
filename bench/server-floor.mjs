// The floor of an HTTP answer in Node, without tamis and without a search: one fixed JSON answer of a given size
// sent five ways, to see what Fastify's send, a Buffer, `reply.hijack()` and Node's http alone cost per request.
//   node bench/server-floor.mjs [bytes] [rounds]        (default 30000 bytes, 16 rounds)
// Ways, in alternating blocks of 500 calls (order reversed every other round):
//   send-string    a Fastify route: reply.type(json).send(text)   (what tamis serve did for a 200 answer)
//   send-buffer    the same with the answer's bytes (a Buffer made once)
//   hijack         reply.hijack(), then res.writeHead(200, [content-type, content-length]) and res.end(bytes)
//   hijack-string  the same with the text (Buffer.byteLength for content-length): what tamis serve does now
//   raw            node:http alone, reading and parsing the body, writing the bytes
// The client (undici, one keep-alive connection per server, one call at a time) runs in a child process; server CPU
// per call is process.cpuUsage() of this process over each block; printed: medians of blocks and of paired
// differences with send-string, µs.
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
const BLOCK = 500;
if (process.argv.includes('--client')) {
  const { Pool } = await import('undici');
  const pools = {};
  process.on('message', async (m) => {
    if (m.cmd === 'init') { for (const [k, u] of Object.entries(m.urls)) pools[k] = new Pool(u, { connections: 1, pipelining: 1 }); process.send({}); return; }
    if (m.cmd === 'close') process.exit(0);
    for (let i = 0; i < BLOCK; i++) {
      const res = await pools[m.target].request({ path: '/searches', method: 'POST', headers: { authorization: 'Token k', 'content-type': 'application/json' }, body: JSON.stringify({ search_term: `Jane Doe ${i % 50}`, limit: 10 }) });
      await res.body.text();
    }
    process.send({});
  });
} else {
  const { default: Fastify } = await import('fastify');
  const size = Number(process.argv[2] ?? 30000);
  const answer = JSON.stringify({ status: 'success', content: { data: 'x'.repeat(size) } });
  const buf = Buffer.from(answer);
  const urls = {};
  const f = async (name, setup) => { const app = Fastify(); setup(app); await app.listen({ host: '127.0.0.1', port: 0 }); urls[name] = `http://127.0.0.1:${app.server.address().port}`; };
  await f('send-string', (app) => app.post('/searches', async (req, reply) => reply.type('application/json; charset=utf-8').send(answer)));
  await f('send-buffer', (app) => app.post('/searches', async (req, reply) => reply.type('application/json; charset=utf-8').send(buf)));
  const HEAD = ['content-type', 'application/json; charset=utf-8', 'content-length', String(buf.length)];
  await f('hijack', (app) => app.post('/searches', (req, reply) => { reply.hijack(); reply.raw.writeHead(200, HEAD); reply.raw.end(buf); }));
  await f('hijack-string', (app) => app.post('/searches', async (req, reply) => { reply.hijack(); reply.raw.writeHead(200, ['content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(answer))]); reply.raw.end(answer); return reply; }));
  const raw = http.createServer((req, res) => { const chunks = []; req.on('data', (c) => chunks.push(c)); req.on('end', () => { JSON.parse(Buffer.concat(chunks).toString()); res.writeHead(200, HEAD); res.end(buf); }); });
  await new Promise((r) => raw.listen(0, '127.0.0.1', r)); urls.raw = `http://127.0.0.1:${raw.address().port}`;
  const child = fork(fileURLToPath(import.meta.url), ['--client']);
  const ask = (m) => new Promise((d) => { child.once('message', d); child.send(m); });
  await ask({ cmd: 'init', urls });
  const ways = Object.keys(urls); const blocks = Object.fromEntries(ways.map((w) => [w, []]));
  for (let r = -2; r < Number(process.argv[3] ?? 16); r++) for (const w of (r % 2 ? ways : [...ways].reverse())) {
    const c0 = process.cpuUsage(); await ask({ cmd: 'block', target: w }); const c = process.cpuUsage(c0);
    if (r >= 0) blocks[w].push((c.user + c.system) / BLOCK);
  }
  const med = (xs) => { const v = [...xs].sort((a, b) => a - b); return v[Math.floor(v.length / 2)]; };
  console.log('size', buf.length, 'load', (await import('node:os')).loadavg()[0].toFixed(1));
  for (const w of ways) console.log(w.padEnd(12), med(blocks[w]).toFixed(1), 'minus send-string', med(blocks[w].map((x, i) => x - blocks['send-string'][i])).toFixed(1));
  child.send({ cmd: 'close' }); process.exit(0);
}
