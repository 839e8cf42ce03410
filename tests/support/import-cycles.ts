// Import circles, found on source text: files whose imports (type-only ones too) lead back to
// themselves. Each circle is reported once, as its strongly connected group of files.
import path from 'node:path';
import { readImports } from './import-arrows.ts';

/** Which files each file imports, among `files` (relative imports only; packages are leaves). */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const targets = readImports(source)
      .filter((entry) => entry.specifier.startsWith('.'))
      .map((entry) => path.resolve(path.dirname(file), entry.specifier))
      .filter((target) => sources.has(target));
    graph.set(file, targets);
  }
  return graph;
}

/** The groups of files that import each other in a circle (Tarjan's strongly connected groups). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}
