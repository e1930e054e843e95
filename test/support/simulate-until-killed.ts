import { spawnPos } from './run-pos.ts';

/**
 * Runs `pos simulate` on `dbFile` until it is killed with SIGKILL
 * `killAfterMs` after its first committed order (so the kill lands among
 * checkouts, not during start-up; `armWithinMs` arms it anyway if no order
 * shows), and answers the uuids it announced before it died.
 */
export function simulateUntilKilled(dbFile: string, options: { killAfterMs: number; seed: number; armWithinMs: number }): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawnPos(['simulate', '--db', dbFile, '--orders', '100000', '--seed', String(options.seed), '--json']);
    const printed: string[] = [];
    let buffer = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) printed.push((JSON.parse(line) as { uuid: string }).uuid);
    });
    let timer: NodeJS.Timeout | undefined;
    const arm = () => (timer ??= setTimeout(() => child.kill('SIGKILL'), options.killAfterMs));
    child.stdout!.once('data', arm);
    const safety = setTimeout(arm, options.armWithinMs);
    child.once('exit', (code, signal) => {
      clearTimeout(safety);
      if (timer) clearTimeout(timer);
      if (signal !== 'SIGKILL') reject(new Error(`pos simulate ended with ${code ?? signal} before it was killed: ${stderr}`));
      else resolve(printed);
    });
  });
}
