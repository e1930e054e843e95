import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.txt` a virtual printer saved in `dir` (the sink decodes each job's ESC/POS to text); none before its first job. */
export function printedTexts(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.txt'))
      .map((name) => readFileSync(join(dir, name), 'utf8'));
  } catch {
    return [];
  }
}
