import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

// The real server (`src/main.ts`) in a process of its own, for what only a process shows: the start and the
// shutdown, a crash, several instances.

const mainFile = path.resolve(import.meta.dirname, '../src/main.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** What it has written to stdout and stderr so far. */
  output: () => string;
}

/** Starts the server with `env` over this process's environment (logs at warn); `children` collects it for cleanup. */
export function startServerProcess(children: ChildProcess[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until the server on `port` answers /api/ready (up to a minute); fails at once if it exits. */
export async function waitForReady(port: number, server: ServerProcess): Promise<void> {
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  for (let i = 0; i < 240 && !exited; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server on ${port} did not become ready: ${server.output()}`);
}
