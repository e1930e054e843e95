import { main } from '../../src-main/cli/main.ts';

/**
 * `pos ...` in this process: the same main() bin/pos.mjs runs, with its
 * output collected (one line per `\n`). Spawning a node per call costs
 * seconds on a loaded machine; runPos (run-pos.ts) is for what a shell sees.
 */
export async function posInProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { out: (line) => (stdout += `${line}\n`), err: (line) => (stderr += `${line}\n`), interactive: false, env: {} });
  return { code, stdout, stderr };
}
