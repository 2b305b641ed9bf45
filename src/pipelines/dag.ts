/** Orders steps so each comes after its dependencies; reports a cycle as `a -> b -> a`. */
export function topologicalOrder(deps: Map<string, string[]>): { order: string[] } | { cycle: string[] } {
  const state = new Map<string, 'visiting' | 'done'>();
  const order: string[] = [];
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'visiting') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'visiting');
    stack.push(id);
    for (const d of deps.get(id) ?? []) {
      const cycle = visit(d);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    order.push(id);
    return null;
  };
  for (const id of deps.keys()) {
    const cycle = visit(id);
    if (cycle) return { cycle };
  }
  return { order };
}
