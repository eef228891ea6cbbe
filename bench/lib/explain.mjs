// EXPLAIN (ANALYZE, BUFFERS) reduced to what shows whether an index serves a query: each plan
// node's type, the index or table it reads, the rows it returned and its time.

function describe(node) {
  const target = node['Index Name']
    ? ` using ${node['Index Name']}`
    : node['Relation Name']
      ? ` on ${node['Relation Name']}`
      : '';
  const hit = node['Shared Hit Blocks'] ?? 0;
  const read = node['Shared Read Blocks'] ?? 0;
  const loops = node['Actual Loops'] ?? 1;
  const time = node['Actual Total Time'] ?? 0;
  const removed = node['Rows Removed by Filter'] ?? 0;
  const sort = node['Sort Method'] ? `  ${node['Sort Method']}` : '';
  return (
    `${node['Node Type']}${target}` +
    `  rows=${node['Actual Rows']}${loops > 1 ? ` loops=${loops}` : ''}` +
    `${removed ? ` (${removed} removed by filter)` : ''}${sort}` +
    `  ${time.toFixed(2)} ms  buffers hit=${hit}${read ? ` read=${read}` : ''}`
  );
}

/** Runs `sql` under EXPLAIN (ANALYZE, BUFFERS) and returns its plan as lines plus the indexes used. */
export async function explainSummary(client, sql, params = []) {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
  const [result] = rows[0]['QUERY PLAN'];
  const lines = [];
  const indexes = new Set();
  const visit = (node, depth) => {
    lines.push(`${'  '.repeat(depth)}${describe(node)}`);
    if (node['Index Name']) indexes.add(node['Index Name']);
    for (const child of node.Plans ?? []) visit(child, depth + 1);
  };
  visit(result.Plan, 0);
  // JIT compiles a plan above jit_above_cost; its time is part of the execution's and can dwarf it.
  const jit = result.JIT?.Timing?.Total;
  return {
    planningMs: result['Planning Time'],
    executionMs: result['Execution Time'],
    jitMs: typeof jit === 'number' ? jit : (jit?.Total ?? null),
    indexes: [...indexes],
    lines,
  };
}
