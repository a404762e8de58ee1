// Long-running helper processes (S3 servers, the stack's API, worker and nginx): started with their output
// kept for error messages, awaited until they answer, and stopped with SIGTERM.
import { spawn } from 'node:child_process';

/** Starts `command`; `log`, when given, receives each output line prefixed with the service's name. */
export function runService(name, command, args, { env = {}, cwd, log } = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
    if (log) for (const line of String(chunk).split('\n').filter(Boolean)) log(`[${name}] ${line}`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
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
export async function waitUntilReady(service, probe, timeoutMs = 120_000) {
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
