/**
 * Optional peer dependencies: packages that only some features need (better-sqlite3 for the SQLite stores, exceljs
 * for XLSX batches, pdfkit for certificates). They are loaded on first use; when one is not installed, the
 * feature fails with an error naming the package and how to install it, instead of a bare module-not-found.
 */

/** Thrown when a feature needs an optional package the host has not installed. A setup error, not bad input. */
export class MissingPeerDependencyError extends Error {
  readonly code = 'missing_peer_dependency';
  constructor(
    readonly packageName: string,
    readonly feature: string,
  ) {
    super(
      packageName.includes(' ')
        ? `${feature} needs the optional packages ${packageName.split(' ').join(', ')}, which are not installed: npm install ${packageName}`
        : `${feature} needs the optional package ${packageName}, which is not installed: npm install ${packageName}`,
    );
    this.name = 'MissingPeerDependencyError';
  }
}

/** Runs `load` (a dynamic `import()` of `packageName`); a missing package becomes a `MissingPeerDependencyError`. */
export async function loadPeer<T>(packageName: string, feature: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const e = error as { code?: string; message?: string };
    const missing = (e.code === 'ERR_MODULE_NOT_FOUND' || e.code === 'MODULE_NOT_FOUND') && (e.message ?? '').includes(`'${packageName}'`);
    if (missing) throw new MissingPeerDependencyError(packageName, feature);
    throw error;
  }
}

/** The optional peers `tamis serve` and `tamis/server` need. */
export const SERVER_PEERS = ['fastify', 'pino', 'prom-client', 'yaml'] as const;

/**
 * Checks that every package of `names` resolves from tamis, before a feature imports modules that need them; the
 * missing ones become one `MissingPeerDependencyError` naming them all (with the command to install them).
 */
export function requirePeers(names: readonly string[], feature: string, resolve: (name: string) => unknown): void {
  const missing = names.filter((name) => {
    try {
      resolve(name);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) throw new MissingPeerDependencyError(missing.join(' '), feature);
}
