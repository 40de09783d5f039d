import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { TestProject } from 'vitest/node';

/**
 * Global setup: the PostgreSQL the tests use. TEST_POSTGRES when it is set (CI sources
 * .ci/postgres.sh); otherwise a private cluster started here by that same script, stopped when
 * the run ends. Where none can be started, the tests get the reason and skip, saying so.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection URL to a database on a server where tests may create databases, or `skip: <why>`. */
    postgres: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_POSTGRES) {
    project.provide('postgres', process.env.TEST_POSTGRES);
    return () => undefined;
  }
  // The script's EXIT trap stops the cluster when the shell ends: when this run closes its input.
  const shell = spawn('bash', ['-c', '. .ci/postgres.sh; echo "TEST_POSTGRES=${TEST_POSTGRES:-}"; cat >/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const said: string[] = [];
  const url = await new Promise<string>((resolve) => {
    const lines = createInterface({ input: shell.stdout! });
    lines.on('line', (line) => {
      const m = /^TEST_POSTGRES=(.*)$/.exec(line);
      if (m) resolve(m[1]);
      else said.push(line);
    });
    shell.on('exit', () => resolve(''));
  });
  if (url) {
    project.provide('postgres', url);
  } else {
    project.provide('postgres', `skip: ${said.join(' ') || 'no PostgreSQL could be started'}`);
  }
  return () => {
    shell.stdin!.end();
  };
}
