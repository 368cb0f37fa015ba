// Unit tests of the workbench's state and link packing (cli/src/serve/page/state.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import * as S from '../../cli/src/serve/page/state.js';

// The server's description, as /variants.json gives it (here a part of it).
S.configure({
  views: [{ name: 'hemispheres', keys: ['rotation'] }, { name: 'globe', keys: ['latitude', 'longitude', 'roll'] },
    { name: 'board', keys: [] }],
  defaults: { latitude: 15, longitude: 180, rotation: 4 }, max_url: 8192,
});

test('the state goes into a query and back', () => {
  const s = S.initial();
  Object.assign(s, { variant: 'small', fen: 'x', views: ['globe'], longitude: 200, theme: 'print',
    tree: 'e2e4,e7e5(c7c5)', line: ['e2e4', 'e7e5'], ply: 1, start: 'y' });
  const q = S.stateQuery(s);
  assert.equal(q.toString(),
    'variant=small&fen=x&view=globe&longitude=200&theme=print&start=y&tree=e2e4%2Ce7e5%28c7c5%29&line=e2e4%2Ce7e5&ply=1');
  assert.deepEqual(S.readQuery(q), s);
  // The defaults are not written: the variant dot, the view keys not set, the whole line on the board.
  assert.equal(S.stateQuery(S.initial()).toString(), 'view=hemispheres&view=globe');
});

test('an old link without a tree key: its line is the tree', () => {
  const s = S.readQuery(new URLSearchParams('line=e2e4,e7e5&ply=9&view=nonsense'));
  assert.equal(s.tree, 'e2e4,e7e5');
  assert.equal(s.ply, 2, 'no more moves on the board than the line has');
  assert.deepEqual(s.views, ['hemispheres', 'globe'], 'an unknown view is dropped');
});

test('packing is zlib in base64url, and reads back', async () => {
  const text = 'overlay=' + 'title = "é"\n'.repeat(50);
  const code = await S.pack(text);
  assert.match(code, /^[A-Za-z0-9_-]+$/);
  assert.equal(inflateSync(Buffer.from(code, 'base64url')).toString(), text);
  assert.equal(await S.unpack(code), text);
  await assert.rejects(S.unpack(code.slice(0, 10)));
});

test('a view key belongs to its views only, its default from the server', () => {
  const s = S.initial();
  s.longitude = 90;
  s.rotation = 2;
  assert.equal(S.figureQuery(s, 'globe').toString(), 'view=globe&longitude=90');
  assert.equal(S.figureQuery(s, 'board').toString(), 'view=board');
  assert.equal(S.valueOf(s, 'latitude'), 15);
  s.views = ['hemispheres', 'board'];
  const { query, overlay } = S.exported(s);
  assert.equal(query.toString(), '');
  assert.equal(overlay, '# The workbench’s views, one panel each.\n[[panels]]\nview = "hemispheres"\ncaption = "hemispheres"\n' +
    'rotation = 2\n[[panels]]\nview = "board"\ncaption = "board"\n');
});

test('shapes toggle in the overlay as lichess toggles them', () => {
  let o = S.toggleMark('title = "x"\n', 'arrows', 'b1:c3', '');
  assert.equal(o, 'arrows = ["b1:c3"]\ntitle = "x"\n');
  o = S.toggleMark(o, 'arrows', 'b1:c3', '#882020');
  assert.equal(o, 'arrows = ["b1:c3:#882020"]\ntitle = "x"\n');
  o = S.toggleMark(o, 'arrows', 'b1:c3', '#882020');
  assert.equal(o, 'title = "x"\n');
});

test('the piece chosen is highlighted in the figure and its exports', () => {
  const s = S.initial();
  Object.assign(s, { views: ['board'], square: 'g1', lastmove: 'e2e4' });
  assert.equal(S.figureQuery(s, 'board').toString(), 'view=board&square=g1&lastmove=e2e4&highlight=g1');
  assert.equal(S.exported(s).query.get('highlight'), 'g1');
  assert.equal(S.animationQuery(s).get('highlight'), 'g1');
});

test('a line replayed takes the first view’s keys, not the position', () => {
  const s = S.initial();
  Object.assign(s, { fen: 'x', square: 'e2', lastmove: 'e2e4', rotation: 3, theme: 'print' });
  assert.equal(S.gameQuery(s).toString(), 'view=hemispheres&theme=print&rotation=3');
});

test('an image URL packs a long overlay, or says it cannot', async () => {
  const s = S.initial();
  s.views = ['board'];
  s.overlay = Array.from({ length: 400 }, (_, i) => `# note ${i} ${'x'.repeat(20)}`).join('\n') + '\n';
  const url = await S.imageUrl(s, 'http://h');
  assert.ok(url && url.includes('overlayz=') && url.length - 'http://h'.length <= 8192, url);
  s.overlay = Array.from({ length: 3000 }, (_, i) => `# ${Math.sin(i)}`).join('\n');
  assert.equal(await S.imageUrl(s, 'http://h'), null);
});
