import fs from 'node:fs';
import path from 'node:path';

/**
 * Server modules form a DAG: a module may import another only if that one does not already reach
 * back to it (directly or through other modules). Guards, effects and hooks registered in buildApp
 * are how a lower module calls a higher one. Type-only imports and tests do not count.
 */
const modulesDir = path.resolve('src/server/modules');
const importPattern = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

const moduleOf = (file) => {
  const rel = path.relative(modulesDir, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
};

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !/^test-/.test(e.name) ? [full] : [];
  });
}

/** Module → modules it imports at run time, read from the files on disk. */
export function moduleGraph() {
  const graph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(file);
    const edges = graph.get(from) ?? new Set();
    graph.set(from, edges);
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(importPattern)) {
      if (!spec.startsWith('.')) continue;
      const to = moduleOf(path.resolve(path.dirname(file), spec));
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The module path from `start` back to `goal`, or null. */
export function pathBetween(graph, start, goal) {
  const queue = [[start]];
  const seen = new Set([start]);
  while (queue.length > 0) {
    const route = queue.shift();
    const last = route[route.length - 1];
    if (last === goal) return route;
    for (const next of graph.get(last) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
    }
  }
  return null;
}

let cached;

export const serverModuleCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules import each other in one direction only (no cycles).' },
    schema: [],
  },
  create(context) {
    const from = moduleOf(path.resolve(context.filename));
    if (!from) return {};
    cached ??= moduleGraph();
    const check = (node) => {
      if (node.importKind === 'type' || node.exportKind === 'type' || !node.source) return;
      const spec = node.source.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = moduleOf(path.resolve(path.dirname(path.resolve(context.filename)), spec));
      if (!to || to === from) return;
      const back = pathBetween(cached, to, from);
      if (back) {
        context.report({
          node,
          message: `Server modules import in one direction: ${from} → ${back.join(' → ')} is a cycle. Let the lower module offer a hook (guard, effect) that buildApp fills.`,
        });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
