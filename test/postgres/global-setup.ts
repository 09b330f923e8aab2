/**
 * vitest globalSetup: one PostgreSQL cluster for the whole run, shared by the test files (each works in its own
 * database or schema), stopped and deleted after. Without PostgreSQL the PG tests skip and say why.
 */
import type { TestProject } from 'vitest/node';
import { startCluster } from '../../scripts/pg-cluster.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { host: string; user: string } | { reason: string };
  }
}

export default function setup(project: TestProject): () => void {
  const cluster = startCluster();
  if ('reason' in cluster) {
    project.provide('postgres', { reason: cluster.reason });
    return () => undefined;
  }
  project.provide('postgres', { host: cluster.host, user: cluster.user });
  return () => cluster.stop();
}
