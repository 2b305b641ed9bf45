import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

/** The most lines a function may have, tests included. */
const MAX_LINES = 60;

/**
 * The files, parsed by the compiler alone: no library, no import resolved, so the project opens in about a second.
 * TypeScript 7's only JavaScript API (`typescript/unstable/*`) runs the native compiler and hands its syntax trees over.
 */
const TSCONFIG = {
  compilerOptions: { noLib: true, noResolve: true, types: [] },
  include: ['src/**/*.ts', 'test/**/*.ts', 'packages/client/src/**/*.ts'],
};

const FUNCTION_KINDS = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

interface Measured {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/**
 * Every function of src/, test/ and the client package, measured as a reader reads it: from the line its declaration
 * starts on (decorators included, its doc comment not) to the line of its closing brace, blank lines skipped (as
 * Biome's skipBlankLines does), comment lines counted: a reader reads them. A function nested in another is read as
 * part of it, so it counts in both: the outer function's length is everything between its first and last line. The
 * callback of node:test's `describe` only groups tests and is not measured (the `it` callbacks and hooks inside it are).
 */
function measureAll(root: string): Measured[] {
  // A tsconfig that exists only here: the compiler reads it through this file system.
  const config = `${root}/function-length.tsconfig.json`;
  const api = new API({
    cwd: root,
    fs: {
      readFile: (file) => (file === config ? JSON.stringify(TSCONFIG) : undefined),
      fileExists: (file) => (file === config ? true : undefined),
    },
  });
  try {
    const program = api.updateSnapshot({ openProjects: [config] }).getProjects()[0].program;
    return program.getSourceFileNames().flatMap((file) => measureFile(program.getSourceFile(file)!, root));
  } finally {
    api.close();
  }
}

function measureFile(source: SourceFile, root: string): Measured[] {
  const found: Measured[] = [];
  const blank = source.text.split('\n').map((line) => line.trim() === '');
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: Node): void => {
    if (FUNCTION_KINDS.has(node.kind) && hasBody(node) && !isDescribeCallback(node, source)) {
      const first = lineOf(node.getStart(source));
      const last = lineOf(node.end);
      let lines = 0;
      for (let i = first; i <= last; i++) if (!blank[i]) lines++;
      found.push({ file: source.fileName.slice(root.length + 1), line: first + 1, name: nameOf(node, source), lines });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

function hasBody(node: Node): boolean {
  return (node as Node & { body?: Node }).body !== undefined;
}

/** `describe('...', () => { ... })` (and `describe.skip`, `describe.only`). */
function isDescribeCallback(node: Node, source: SourceFile): boolean {
  const call = node.parent;
  if (call.kind !== SyntaxKind.CallExpression) return false;
  const callee = (call as Node & { expression: Node }).expression.getText(source);
  return /^describe(\.\w+)?$/.test(callee);
}

/** The function's own name, the name it is assigned to, or the call it is passed to (with a test's title). */
function nameOf(node: Node, source: SourceFile): string {
  const own = (node as Node & { name?: Node }).name;
  const owner = node.parent.kind === SyntaxKind.ClassDeclaration ? (node.parent as Node & { name?: Node }).name : undefined;
  if (node.kind === SyntaxKind.Constructor) return `${owner?.getText(source) ?? 'class'}.constructor`;
  if (own) return owner ? `${owner.getText(source)}.${own.getText(source)}` : own.getText(source);
  const parent = node.parent as Node & { name?: Node; expression?: Node; arguments?: readonly Node[] };
  if (parent.name) return parent.name.getText(source);
  if (node.parent.kind === SyntaxKind.CallExpression && parent.expression) {
    const title = parent.arguments?.[0];
    const titled = title && title.kind === SyntaxKind.StringLiteral ? ` ${title.getText(source)}` : '';
    return `${parent.expression.getText(source)}(…)${titled}`;
  }
  return '(anonymous)';
}

describe('function length', () => {
  it(`no function of src/, test/ or the client package is over ${MAX_LINES} lines`, () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'); // from dist/src/
    const measured = measureAll(root);
    assert.ok(measured.length > 1000, `only ${measured.length} functions found: is the project parsed?`);
    const long = measured
      .filter((m) => m.lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map((m) => `${m.file}:${m.line} ${m.name} ${m.lines} lines`);
    assert.deepEqual(long, [], `${long.length} functions over ${MAX_LINES} lines:\n${long.join('\n')}`);
  });
});
