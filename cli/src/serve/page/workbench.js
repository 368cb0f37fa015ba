// The dotchess workbench: composes figures with the server's image API (/figure.svg …) and asks
// the rules core (/moves.json, /play.json, /edit.json, /pgn.json) for everything about the game.
// The modules, each using only those after it: page.js (the page's elements and what a person
// does), moves.js (the move list) and tree.js (the move tree), input.js (pointer, wheel, keys on
// a figure), history.js (Back and Forward as Undo and Redo), exports.js, state.js (the state and
// its URL), net.js (the requests).

import { start } from './page.js';

start();
