// Unit tests of the workbench's move tree (cli/src/serve/page/tree.js) under node's test runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as T from '../../cli/src/serve/page/tree.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
/** A move as the rules core answers it (the FEN is only carried, not read). */
const mv = (name, san) => ({ name, san, fen: `after ${name}`, lastmove: name.slice(0, 4) });

/** 1. e4 e5 (1... c5 2. Nf3) 2. Nf3, played in that order. */
function sample() {
  const root = T.rootOf(START);
  let p = T.addMove(root, [], mv('e2e4', 'e4'));
  p = T.addMove(root, p, mv('e7e5', 'e5'));
  T.addMove(root, p, mv('g1f3', 'Nf3'));
  const c5 = T.addMove(root, ['e2e4'], mv('c7c5', 'c5'));
  T.addMove(root, c5, mv('g1f3', 'Nf3'));
  return root;
}

test('a move played from an earlier position is a variation, the first stays the main line', () => {
  const root = sample();
  const e4 = T.nodeAt(root, ['e2e4']);
  assert.deepEqual(e4.children.map((c) => c.san), ['e5', 'c5']);
  assert.deepEqual(T.lineThrough(root, []), ['e2e4', 'e7e5', 'g1f3']);
  assert.deepEqual(T.lineThrough(root, ['e2e4', 'c7c5']), ['e2e4', 'c7c5', 'g1f3']);
  // The same move again is gone to, not added.
  assert.deepEqual(T.addMove(root, ['e2e4'], mv('c7c5', 'c5')), ['e2e4', 'c7c5']);
  assert.equal(T.nodeAt(root, ['e2e4']).children.length, 2);
  assert.equal(T.nodeAt(root, ['d2d4']), null);
});

test('the tree key is written with variations in parentheses and reads back', () => {
  const root = sample();
  const text = T.writeTree(root);
  assert.equal(text, 'e2e4,e7e5(c7c5,g1f3),g1f3');
  const skeleton = T.readTree(text);
  assert.deepEqual(T.leaves(skeleton), [['e2e4', 'e7e5', 'g1f3'], ['e2e4', 'c7c5', 'g1f3']]);
  // Played again from those lines, the tree is the same.
  const lines = T.leaves(skeleton).map((l) => l.map((n) => mv(n, n)));
  assert.equal(T.writeTree(T.fromLines(START, lines)), text);
});

test('a tree key that does not read says where', () => {
  assert.throws(() => T.readTree('(e2e4)'), /a variation must follow a move/);
  assert.throws(() => T.readTree('e2e4,e7e5(c7c5'), /not closed/);
  assert.throws(() => T.readTree('e2e4)'), /without its/);
  assert.deepEqual(T.leaves(T.readTree('')), []);
});

test('nested variations keep their order', () => {
  const text = 'e2e4,e7e5(c7c5,g1f3(b1c3,b8c6)(c2c3),d7d6)(e7e6),g1f3';
  assert.equal(T.writeTree(T.fromLines(START, T.leaves(T.readTree(text)).map((l) => l.map((n) => mv(n, n))))), text);
});

test('the PGN has move numbers, variations and comments as a book writes them', () => {
  const root = sample();
  T.nodeAt(root, ['e2e4', 'c7c5']).comment = 'the Sicilian';
  const pgn = T.toPgn(root, { variant: 'dot', fen: START, startFen: START });
  assert.match(pgn, /^\[Event "\?"\]\n/);
  assert.ok(!pgn.includes('[FEN'), pgn);
  assert.ok(pgn.endsWith('\n\n1. e4 e5 (1... c5 { the Sicilian } 2. Nf3) 2. Nf3 *\n'), pgn);
  // From a position with Black to move: the first move is numbered with dots, a FEN tag given.
  const black = T.rootOf('8/8/8/8/8/8/8/K6k b - - 0 7');
  T.addMove(black, [], mv('h1h2', 'Kh2'));
  const p2 = T.toPgn(black, { variant: 'dot', fen: black.fen, startFen: START });
  assert.ok(p2.includes('[FEN "8/8/8/8/8/8/8/K6k b - - 0 7"]') && p2.includes('\n7... Kh2 *'), p2);
});

test('a line alone, for a replay', () => {
  const root = sample();
  const pgn = T.linePgn(root, ['e2e4', 'c7c5', 'g1f3'], { variant: 'dot', fen: START, startFen: START });
  assert.ok(pgn.endsWith('\n1. e4 c5 2. Nf3 *\n'), pgn);
});

test('the rules core’s reading of a PGN is the tree', () => {
  const nodes = [
    { ...mv('e2e4', 'e4'), parent: -1 }, { ...mv('e7e5', 'e5'), parent: 0, comment: 'open' },
    { ...mv('c7c5', 'c5'), parent: 0 },
  ];
  const root = T.fromNodes(START, nodes);
  assert.equal(T.writeTree(root), 'e2e4,e7e5(c7c5)');
  assert.equal(T.nodeAt(root, ['e2e4', 'e7e5']).comment, 'open');
  assert.throws(() => T.fromNodes(START, [{ ...mv('e2e4', 'e4'), parent: 3 }]), /no earlier parent/);
});
