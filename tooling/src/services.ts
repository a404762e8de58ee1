// Long-running helper processes (S3 servers, the stack's API, worker and nginx): started with their output
// kept for error messages, awaited until they answer, and stopped with SIGTERM.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface ServiceOptions {
  /** Added to this process's environment. */
  env?: Record<string, string>;
  cwd?: string;
  /** Receives each output line, prefixed with the service's name. */
  log?: (line: string) => void;
}

/** Anything a launcher can stop; every started service is one. */
export interface Stoppable {
  stop(): Promise<void>;
}

export interface Service extends Stoppable {
  name: string;
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The last 20,000 characters of its stdout and stderr. */
  output(): string;
  /** Its exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/** Starts `command`; `log`, when given, receives each output line prefixed with the service's name. */
export function runService(name: string, command: string, args: readonly string[], { env = {}, cwd, log }: ServiceOptions = {}): Service {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-20_000);
    if (log) for (const line of String(chunk).split('\n').filter(Boolean)) log(`[${name}] ${line}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return {
    name,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resolves once `probe` answers true; fails with the service's last output if it exits or takes too long. */
export async function waitUntilReady(service: Service, probe: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (service.child.exitCode !== null) throw new Error(`${service.name} exited with ${service.child.exitCode}:\n${service.output().slice(-3000)}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) {
      service.child.kill('SIGKILL');
      throw new Error(`${service.name} did not become ready in time:\n${service.output().slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
