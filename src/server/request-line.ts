/**
 * The request line written directly: the same text pino writes for
 * `reply.log.info({ req, res, responseTime }, 'request completed')` with Fastify's serializers, built without
 * pino's generic path (its serializers, stable stringify, message formatting): about a third of the server's own
 * work per request was that line (docs/server.md, "Figures").
 *
 * Only for a logger made from the options `tamis serve` gives (a level, a stream or a file: pino's default
 * format); with other pino options (formatters, serializers, redaction, mixins, another message key) the line goes
 * through pino as before. The line is checked against pino's in test/server/request-line.test.ts.
 */
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

const { chindingsSym, streamSym, needsMetadataGsym } = pino.symbols as unknown as Record<'chindingsSym' | 'streamSym' | 'needsMetadataGsym', symbol>;

const PLAIN_OPTIONS = new Set(['level', 'stream', 'file']);

/** Whether lines of a logger made from these Fastify `logger` options have pino's default format. */
export function hasDefaultFormat(logger: FastifyServerOptions['logger']): boolean {
  if (logger === true) return true;
  if (typeof logger !== 'object' || logger === null) return false;
  return Object.keys(logger).every((k) => PLAIN_OPTIONS.has(k));
}

interface PinoInternals {
  isLevelEnabled(level: string): boolean;
  [key: symbol]: unknown;
}

/**
 * Writes the line of an answered request to the request's logger, as pino would; false when the logger is not
 * one this can write to (the caller logs through pino then).
 */
export function writeRequestLine(request: FastifyRequest, reply: FastifyReply): boolean {
  const log = reply.log as unknown as PinoInternals;
  if (typeof log.isLevelEnabled !== 'function') return false;
  if (!log.isLevelEnabled('info')) return true;
  const chindings = log[chindingsSym];
  const stream = log[streamSym] as { write?: (line: string) => unknown; [k: symbol]: unknown } | undefined;
  if (typeof chindings !== 'string' || typeof stream?.write !== 'function' || stream[needsMetadataGsym] === true) return false;
  if (typeof request.method !== 'string' || typeof request.url !== 'string') return false;
  // Fastify's req serializer (lib/logger-pino.js), in its key order; undefined members are left out, as pino does.
  // Written member by member: the same text as JSON.stringify of that object, without building the object.
  const version = request.headers['accept-version'];
  const host = request.host;
  const remoteAddress = request.ip;
  const remotePort = request.socket ? request.socket.remotePort : undefined;
  let req = `{"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)}`;
  if (version !== undefined) req += `,"version":${JSON.stringify(version)}`;
  if (host !== undefined) req += `,"host":${JSON.stringify(host)}`;
  if (remoteAddress !== undefined) req += `,"remoteAddress":${JSON.stringify(remoteAddress)}`;
  if (remotePort !== undefined) req += `,"remotePort":${JSON.stringify(remotePort)}`;
  const status = reply.statusCode;
  const took = reply.elapsedTime;
  stream.write(
    `{"level":30,"time":${Date.now()}${chindings},"req":${req}},"res":{"statusCode":${Number.isFinite(status) ? status : null}},"responseTime":${Number.isFinite(took) ? took : null},"msg":"request completed"}\n`,
  );
  return true;
}
