// Unit tests of the page's history (cli/src/serve/page/history.js) against a stand-in for the
// browser's: Undo is Back and Redo is Forward, whichever is used; a move played drops the entries
// after it; going to another variation goes back to where the lines part.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** The browser's session history, as much of it as the page uses. */
class FakeHistory {
  constructor() {
    this.entries = [{ state: null, url: '/' }];
    this.at = 0;
    this.listeners = [];
  }
  get state() { return this.entries[this.at].state; }
  pushState(state, _title, url) {
    this.entries = this.entries.slice(0, this.at + 1).concat([{ state, url }]);
    this.at += 1;
  }
  replaceState(state, _title, url) { this.entries[this.at] = { state, url }; }
  go(n) {
    const to = Math.max(0, Math.min(this.entries.length - 1, this.at + n));
    if (to === this.at) return;
    this.at = to;
    setTimeout(() => this.listeners.forEach((f) => f({ state: this.state })), 0);
  }
}

const fake = new FakeHistory();
globalThis.history = fake;
globalThis.location = { hash: '', search: '' };
globalThis.window = { addEventListener: (name, f) => { if (name === 'popstate') fake.listeners.push(f); } };
const { History } = await import('../../cli/src/serve/page/history.js');

/** A page's history with its moves shown as they are gone to. */
function page() {
  const h = new History();
  const shown = [];
  // As the page does: the move shown, and the URL written (a new entry when asked).
  const node = (push) => {
    shown.push(h.path().join(' '));
    h.write(h.path().join(','), Boolean(push));
  };
  h.listen({ node, other: () => shown.push('other') });
  h.restart([]);
  h.write('start', false);
  return { h, shown, settle: () => h.navs.then(() => h.writes) };
}

/** Plays a move after the one on the board, as the page does. */
function play(h, path) {
  h.push(path);
  h.write(path.join(','), true);
}

test('Undo is Back and Redo is Forward', async () => {
  const { h, settle } = page();
  play(h, ['e4']);
  play(h, ['e4', 'e5']);
  play(h, ['e4', 'e5', 'Nf3']);
  await settle();
  assert.equal(fake.entries.length - fake.at, 1, 'on the last entry');
  h.back();
  h.back();
  await settle();
  assert.deepEqual(h.path(), ['e4']);
  // The browser's Back from here is the start, as Undo would be.
  fake.go(-1);
  await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(h.path(), []);
  // Forward, then Redo twice: the line again, nothing dropped.
  fake.go(1);
  await new Promise((r) => setTimeout(r, 5));
  assert.deepEqual(h.path(), ['e4']);
  h.forward(['e4', 'e5', 'Nf3']);
  h.forward(['e4', 'e5', 'Nf3']);
  await settle();
  assert.deepEqual(h.path(), ['e4', 'e5', 'Nf3']);
  assert.deepEqual(h.deepest(), ['e4', 'e5', 'Nf3']);
});

test('a move played drops the entries after it; another variation is reached through where the lines part', async () => {
  const { h, settle } = page();
  play(h, ['e4']);
  play(h, ['e4', 'e5']);
  play(h, ['e4', 'e5', 'Nf3']);
  h.goTo(['e4']);
  await settle();
  play(h, ['e4', 'c5']);
  await settle();
  assert.deepEqual(fake.entries.slice(fake.entries.length - 3).map((e) => e.state.idx), [0, 1, 2]);
  assert.deepEqual(h.stack, [[], ['e4'], ['e4', 'c5']]);
  // To a move of the other line: back to 1. e4, forward along it.
  h.goTo(['e4', 'e5', 'Nf3']);
  await settle();
  assert.deepEqual(h.stack, [[], ['e4'], ['e4', 'e5'], ['e4', 'e5', 'Nf3']]);
  assert.equal(h.idx, 3);
  assert.equal(fake.state.idx, 3, 'the browser is on that move’s entry');
  // Redo at the line's end does nothing; Undo at the start does nothing either.
  h.forward(['e4', 'e5', 'Nf3']);
  h.goTo([]);
  h.back();
  await settle();
  assert.deepEqual(h.path(), []);
});
