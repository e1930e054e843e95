// Draws which src-main modules import which, from the imports themselves
// (not from what anyone remembers): `node scripts/module-graph.mjs [root]
// [--mermaid] [--printing]`. Text by default, one line per module; --mermaid
// prints a flowchart; --printing draws printing's sub-folders instead.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGraph } from './import-graph.mjs';

/** Module → modules it imports, for the folders one level under `base` (src-main, or src-main/printing). */
export async function moduleGraph(root, base = 'src-main') {
  const depth = base.split('/').length + 1;
  const unit = (path) => (path.startsWith(`${base}/`) && path.split('/').length > depth ? path.split('/')[depth - 1] : null);
  const edges = new Map();
  const { modules } = await importGraph(root, [base]);
  for (const module of modules) {
    const from = unit(module.source);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const dependency of module.dependencies) {
      const to = unit(dependency.resolved);
      if (to && to !== from) edges.get(from).add(to);
    }
  }
  return new Map([...edges].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()]));
}

export function formatGraph(graph, mermaid) {
  if (!mermaid) return [...graph].map(([from, to]) => `${from.padEnd(15)} -> ${to.join(', ') || '(nothing)'}`).join('\n');
  const lines = ['flowchart LR'];
  for (const [from, to] of graph) {
    if (to.length === 0) lines.push(`  ${from}`);
    for (const t of to) lines.push(`  ${from} --> ${t}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const root = resolve(args.find((a) => !a.startsWith('--')) ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const graph = await moduleGraph(root, args.includes('--printing') ? 'src-main/printing' : 'src-main');
  const edgeCount = [...graph.values()].reduce((n, to) => n + to.length, 0);
  console.log(formatGraph(graph, args.includes('--mermaid')));
  if (!args.includes('--mermaid')) console.log(`(${graph.size} modules, ${edgeCount} edges)`);
}
