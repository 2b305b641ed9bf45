import { DepGraph, DepGraphCycleError } from 'dependency-graph';

/** Orders steps so each comes after its dependencies; reports a cycle as `a -> b -> a`. */
export function topologicalOrder(deps: Map<string, string[]>): { order: string[] } | { cycle: string[] } {
  const graph = new DepGraph<string>();
  for (const id of deps.keys()) graph.addNode(id);
  for (const [id, needs] of deps) {
    for (const d of needs) if (graph.hasNode(d)) graph.addDependency(id, d);
  }
  try {
    return { order: graph.overallOrder() };
  } catch (err) {
    if (err instanceof DepGraphCycleError) return { cycle: err.cyclePath };
    throw err;
  }
}
