#!/usr/bin/env node
// Keeps the house's import rules (`npm run check:imports`, run first by `npm test`):
// no cycles, no upward imports, no cross-module queries, features independent, and no file naming a
// table another part of the server owns (the owners: apps/server/src/db/table-owners.ts).
// The layers are described in docs/architecture.md; why a script and not dependency-cruiser: docs/adr/0002.
// `--root <dir>` checks another copy of the tree (the check's own test runs it on a scratch copy).
import fs from 'node:fs';
import path from 'node:path';

const rootArg = process.argv.indexOf('--root');
const ROOT = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['packages/shared/src', 'apps/server/src', 'apps/server/test', 'apps/web/src'];
const EXTENSIONS = ['.ts', '.tsx', '.mts'];

/** Each rule: a file matching `from` must not import a file matching `to` (with $1 from `from` as `same`). */
const RULES = [
  {
    name: 'server-no-foreign-queries',
    why: "a module reads another module's data through its service or access file, never its queries",
    from: /^apps\/server\/src\/modules\/([^/]+)\//,
    to: (target, m) =>
      /^apps\/server\/src\/modules\/[^/]+\/.+\.queries\.ts$/.test(target) &&
      !target.startsWith(`apps/server/src/modules/${m[1]}/`),
  },
  {
    name: 'server-lower-layers-no-modules',
    why: 'lib, db, http, providers, realtime and activity sit below the modules and never import them',
    from: /^apps\/server\/src\/(lib|db|http|providers|realtime|activity)\//,
    to: (target) => /^apps\/server\/src\/(modules\/|app\.ts$|main\.ts$|jobs\/|cli\/)/.test(target),
  },
  {
    name: 'web-lower-layers-no-features',
    why: 'core, components and lib sit below the features and the app shell',
    from: /^apps\/web\/src\/(core|components|lib)\//,
    to: (target) => /^apps\/web\/src\/(features|app)\//.test(target),
  },
  {
    name: 'web-features-independent',
    why: 'a feature never imports another feature or the app shell: compose in app/ or move the piece down',
    from: /^apps\/web\/src\/features\/([^/]+)\//,
    to: (target, m) =>
      /^apps\/web\/src\/app\//.test(target) ||
      (/^apps\/web\/src\/features\//.test(target) && !target.startsWith(`apps/web/src/features/${m[1]}/`)),
  },
  {
    name: 'shared-stands-alone',
    why: 'packages/shared is the contract both sides read; it imports neither',
    from: /^packages\/shared\//,
    to: (target) => target.startsWith('apps/'),
  },
];

function walk(dir) {
  const out = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...walk(rel));
    } else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext))) {
      out.push(rel);
    }
  }
  return out;
}

// Static imports and re-exports (`import … from`, `export … from`, `import '…'`) and dynamic `import('…')`.
const IMPORT_RE =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function stripComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

function resolveImport(fromFile, spec) {
  let base;
  if (spec.startsWith('.')) base = path.posix.join(path.posix.dirname(fromFile), spec);
  else if (spec === '@leadcircle/shared') base = 'packages/shared/src/index';
  else if (spec.startsWith('@leadcircle/shared/'))
    base = `packages/shared/src/${spec.slice('@leadcircle/shared/'.length)}`;
  else return null; // a package from node_modules
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs)$/, '');
  const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  return candidates.find((c) => fs.existsSync(path.join(ROOT, c)) && fs.statSync(path.join(ROOT, c)).isFile()) ?? null;
}

const files = SOURCE_DIRS.filter((d) => fs.existsSync(path.join(ROOT, d))).flatMap(walk);
/** file → [{ target, typeOnly }] */
const graph = new Map();
const problems = [];
for (const file of files) {
  const source = stripComments(fs.readFileSync(path.join(ROOT, file), 'utf8'));
  const edges = [];
  for (const match of source.matchAll(IMPORT_RE)) {
    const spec = match[2] ?? match[3];
    const target = resolveImport(file, spec);
    if (spec.startsWith('.') && !target) problems.push(`unresolved: ${file} → ${spec}`);
    if (target) edges.push({ target, typeOnly: Boolean(match[1]) });
  }
  graph.set(file, edges);
}

for (const [file, edges] of graph) {
  for (const rule of RULES) {
    const m = rule.from.exec(file);
    if (!m) continue;
    for (const { target } of edges) {
      if (rule.to(target, m)) problems.push(`${rule.name}: ${file} → ${target} (${rule.why})`);
    }
  }
}

// Cycles, twice: between files, and between server modules (a module's *.access.ts files count as a
// lower module of their own, so `leads.access` may use `groups.access` while `groups` uses `ratings`).
function findCycles(edges) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  function connect(node) {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!indices.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), indices.get(target)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(shortestCycle(edges, component));
    }
  }
  for (const node of edges.keys()) if (!indices.has(node)) connect(node);
  return cycles;
}

function shortestCycle(edges, component) {
  const inside = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of edges.get(node) ?? []) {
      if (target === start) {
        const cycle = [start];
        for (let at = node; at !== start; at = previous.get(at)) cycle.splice(1, 0, at);
        return [...cycle, start];
      }
      if (inside.has(target) && !previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component;
}

const fileEdges = new Map([...graph].map(([file, list]) => [file, new Set(list.map((e) => e.target))]));
for (const cycle of findCycles(fileEdges)) problems.push(`no-cycles: ${cycle.join(' → ')}`);

const moduleOf = (file) => {
  const m = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/.exec(file);
  if (!m) return null;
  return m[2].endsWith('.access.ts') ? `${m[1]}.access` : m[1];
};
const moduleEdges = new Map();
const via = new Map();
for (const [file, list] of graph) {
  const from = moduleOf(file);
  if (!from) continue;
  if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
  for (const { target } of list) {
    const to = moduleOf(target);
    if (!to || to.split('.')[0] === from.split('.')[0]) continue; // a module and its own access file
    moduleEdges.get(from).add(to);
    if (!via.has(`${from}>${to}`)) via.set(`${from}>${to}`, `${file} → ${target}`);
  }
}
for (const cycle of findCycles(moduleEdges)) {
  const steps = cycle.slice(1).map((to, i) => via.get(`${cycle[i]}>${to}`));
  problems.push(`no-module-cycles: ${cycle.join(' → ')} (${steps.join('; ')})`);
}

// Tables: a server file names only the tables its owner owns (or a lower layer's, from a module) and
// the public faces, in a Drizzle import from db/schema or in an SQL string.
const SCHEMA_DIR = 'apps/server/src/db/schema/';
const OWNERS_FILE = 'apps/server/src/db/table-owners.ts';

/** `export const NAME = { key: 'value', … }` of the owners file, as a Map. */
function readOwnerMap(source, name) {
  const block = new RegExp(`export const ${name}\\b[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(source);
  if (!block) return new Map();
  return new Map([...block[1].matchAll(/^\s*(\w+): '([\w/-]+)',/gm)].map((m) => [m[1], m[2]]));
}

/** The owner a server file writes as: its module, or its lower layer (`providers/<x>`, `activity`, …). */
function ownerOfFile(file) {
  const module = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file);
  if (module) return module[1];
  const layer = /^apps\/server\/src\/(providers\/[^/]+|[^/]+)\//.exec(file);
  return layer ? layer[1] : 'app';
}

// What PostgreSQL reads a table name after: from, join, into, update, table (a comma join is not seen).
const SQL_TABLE_RE = /\b(?:from|join|into|update|table)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const SCHEMA_IMPORT_RE = /import\s+(?:type\s+)?(?:\{([^}]*)\}|\*\s+as\s+(\w+))\s*from\s*['"]([^'"]+)['"]/g;

/** `type users as u` → `users`: the name an import list entry takes from its module. */
const importedName = (entry) =>
  entry
    .trim()
    .replace(/^type\s+/, '')
    .split(/\s+as\s+/)[0];

function tableProblems() {
  if (!fs.existsSync(path.join(ROOT, SCHEMA_DIR))) return [];
  const out = [];
  const ownersSource = fs.existsSync(path.join(ROOT, OWNERS_FILE))
    ? fs.readFileSync(path.join(ROOT, OWNERS_FILE), 'utf8')
    : '';
  const owners = readOwnerMap(ownersSource, 'TABLE_OWNERS');
  const faces = readOwnerMap(ownersSource, 'PUBLIC_FACES');
  /** Drizzle export name → SQL name, and every SQL name with its kind. */
  const exportName = new Map();
  const declared = new Map();
  for (const file of files.filter((f) => f.startsWith(SCHEMA_DIR))) {
    const source = stripComments(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    for (const m of source.matchAll(/export const (\w+) = pg(Table|View)\(\s*'(\w+)'/g)) {
      exportName.set(m[1], m[3]);
      declared.set(m[3], m[2]);
    }
  }
  for (const [name, kind] of declared) {
    if (kind === 'Table' && !owners.has(name)) out.push(`table-owners: table ${name} has no owner in ${OWNERS_FILE}`);
    if (kind === 'View' && !faces.has(name))
      out.push(`table-owners: view ${name} is not a public face in ${OWNERS_FILE}`);
  }
  for (const name of [...owners.keys(), ...faces.keys()]) {
    if (!declared.has(name)) out.push(`table-owners: ${OWNERS_FILE} names ${name}, which db/schema does not declare`);
  }
  const isModule = (owner) => files.some((f) => f.startsWith(`apps/server/src/modules/${owner}/`));
  for (const file of files) {
    if (!file.startsWith('apps/server/src/') || file.startsWith('apps/server/src/db/') || file.endsWith('.test.ts'))
      continue;
    const source = stripComments(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    const named = new Set();
    for (const m of source.matchAll(SCHEMA_IMPORT_RE)) {
      if (!resolveImport(file, m[3])?.startsWith(SCHEMA_DIR)) continue;
      const names = m[1]
        ? m[1].split(',').map(importedName)
        : [...source.matchAll(new RegExp(`\\b${m[2]}\\.(\\w+)`, 'g'))].map((use) => use[1]);
      for (const n of names) if (exportName.has(n)) named.add(exportName.get(n));
    }
    for (const m of source.matchAll(SQL_TABLE_RE)) if (declared.has(m[1].toLowerCase())) named.add(m[1].toLowerCase());
    // A public face is for reading: writes go through the owner's functions.
    const writes = [
      ...[...source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)].map((m) => exportName.get(m[1])),
      ...[...source.matchAll(/\b(?:into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) =>
        m[1].toLowerCase(),
      ),
    ];
    for (const view of new Set(writes.filter((name) => faces.has(name)))) {
      out.push(
        `table-owners: ${file} writes ${view}, a public face of ${faces.get(view)} (faces are read only: call its functions)`,
      );
    }
    const self = ownerOfFile(file);
    for (const table of named) {
      const owner = owners.get(table);
      if (!owner || owner === self || (!isModule(owner) && isModule(self))) continue;
      const faceNote = [...faces].some(([, o]) => o === owner) ? ', or read its public face (a public_* view)' : '';
      out.push(`table-owners: ${file} names table ${table}, owned by ${owner} (call the owner's functions${faceNote})`);
    }
  }
  return out;
}
problems.push(...tableProblems());

if (problems.length > 0) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  console.error(`\n${problems.length} import rule violation(s); see docs/architecture.md.`);
  process.exit(1);
}
console.log(`✔ imports: ${files.length} files, no cycles, no upward or cross-module imports, no foreign tables.`);
