// dotchess in a web page: the two elements and the JS API. A page needs one line,
//   <script type="module" src="dotchess/dotchess.js"></script>
// and then <dotchess-figure …> or <dotchess-game …> anywhere (docs/web.md).

import { DotchessFigure } from "./figure.js";
import { DotchessGame } from "./game.js";

export { ready, render, moves, readGame } from "./api.js";
export { DotchessFigure, DotchessGame };

if (!customElements.get("dotchess-figure")) customElements.define("dotchess-figure", DotchessFigure);
if (!customElements.get("dotchess-game")) customElements.define("dotchess-game", DotchessGame);
