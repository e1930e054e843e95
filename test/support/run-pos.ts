import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const POS = join(__dirname, '../../bin/pos.mjs');

/** Runs `pos ...` to the end; resolves with its exit code and output. */
export function runPos(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [POS, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export function spawnPos(args: string[]): ChildProcess {
  return spawn(process.execPath, [POS, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}
