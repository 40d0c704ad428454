// The game page script (served with a strict CSP: no inline code). It reads
// the page data block, plays rounds through POST /play/<token>/round and
// shows the balance, the outcome and the session's rounds, each in-house
// round with its revealed seeds behind "Check this round".
// Each round carries an idempotency key (roundKey): a retry of the same round
// (automatic after a network failure, or the player pressing again after an
// unanswered round) sends the same key, so the server answers the first round
// instead of placing a second bet. Amounts typed as decimals are read into
// integer minor units without floating point.
const root = document.getElementById('play');
const data = JSON.parse(document.getElementById('play-data').textContent);
const messages = data.messages;
const currency = data.state.currency;
const token = root.dataset.token;

const $ = (id) => document.getElementById(id);
const t = (id, values = {}) => (messages[id] ?? id).replace(/\{(\w+)\}/g, (_, k) => values[k] ?? `{${k}}`);
const unit = 10 ** currency.minorUnits;

function money(amount) {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = Math.floor(abs / unit).toLocaleString('en-US');
  const fraction = currency.minorUnits > 0 ? `.${String(abs % unit).padStart(currency.minorUnits, '0')}` : '';
  return `${sign}${currency.symbol}${whole}${fraction}`;
}

/**
 * A decimal text as an integer with `decimals` implied places ("12.5", 2 ->
 * 1250), or NaN; digit by digit, never through a float (as parseAmount in
 * src/features/money/money-format.ts).
 */
function parseDecimal(text, decimals) {
  const clean = String(text).replace(/[\s,]/g, '');
  const match = /^(\d{1,13})(?:\.(\d*))?$/.exec(clean);
  if (!match) return Number.NaN;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return Number.NaN;
  return Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}

/** A fresh round key (a UUID; from getRandomValues where randomUUID is missing). */
function newRoundKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Text of the symbols drawn in CSS is hidden; bar and seven are text. */
const glyphs = { cherry: 'C', lemon: 'L', plum: 'P', bell: 'B', bar: 'BAR', seven: '7' };

const suits = ['♣', '♦', '♥', '♠'];
const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const cardName = (card) => `${ranks[card % 13]}${suits[Math.floor(card / 13)]}`;
const cardEl = (card, tag = 'span') => el(tag, `card suit-${Math.floor(card / 13)}`, cardName(card));

/** Video Poker: the positions of the dealt cards the player keeps (toggled on the board). */
let holds = new Set();

function renderBoard(round) {
  const board = $('board');
  board.replaceChildren();
  if (!round) return;
  const o = round.outcome;
  if (round.engine === 'hilo') {
    const row = el('p', 'hilo-history');
    row.setAttribute('aria-hidden', 'true');
    for (const step of o.history) row.append(el('span', `card mini suit-${Math.floor(step.card / 13)}${step.call === 'skip' ? ' skipped' : ''}`, cardName(step.card)));
    board.append(row, cardEl(o.card, 'p'));
    board.lastChild.classList.add('big');
    if (round.open) {
      board.append(
        el('p', 'sub', t('play.hilo.chances', { higher: String(o.chances.higher), lower: String(o.chances.lower) })),
        el('p', 'sub', t('play.hilo.cashoutNow', { multiplier: (o.multiplierBp / 10000).toFixed(2) })),
      );
      return;
    }
    board.append(el('p', 'sub', outcomeText(round)));
  } else if (round.engine === 'videopoker') {
    const hand = el('div', 'poker-hand');
    o.cards.forEach((card, position) => {
      if (round.open) {
        // A dealt card is a toggle: pressed keeps it through the draw.
        const button = cardEl(card, 'button');
        button.type = 'button';
        button.classList.add('hold-toggle');
        button.setAttribute('aria-pressed', holds.has(position) ? 'true' : 'false');
        button.append(el('span', 'held', t('play.held')));
        button.addEventListener('click', () => {
          if (holds.has(position)) holds.delete(position);
          else holds.add(position);
          button.setAttribute('aria-pressed', holds.has(position) ? 'true' : 'false');
        });
        hand.append(button);
      } else {
        const kept = o.holds.includes(position);
        const shown = cardEl(card);
        if (kept) shown.classList.add('kept');
        hand.append(shown);
      }
    });
    board.append(hand);
    if (round.open) {
      board.append(el('p', 'sub', t('play.videopoker.pick')));
      return;
    }
    board.append(el('p', 'big', t(`play.videopoker.hand.${o.hand}`)), el('p', 'sub', `${o.pays}x`));
  } else if (round.engine === 'blackjack') {
    const hand = (cards, label) => {
      const row = el('p', 'baccarat-hand');
      row.append(el('span', 'baccarat-label', label));
      for (const card of cards) row.append(cardEl(card));
      if (round.open && cards.length === 1) row.append(el('span', 'card hole', '?'));
      return row;
    };
    board.append(
      hand(o.dealer, round.open ? t('play.blackjack.dealerShows') : t('play.blackjack.dealer', { total: String(o.dealerTotal) })),
      hand(o.player, t('play.blackjack.you', { total: String(o.playerTotal) })),
    );
    if (round.open) return;
    board.append(el('p', 'big', t(`play.blackjack.outcome.${o.outcome}`)));
  } else if (round.engine === 'slot') {
    const winning = new Set();
    const lines = [[0, 0, 0], [1, 1, 1], [2, 2, 2], [0, 1, 2], [2, 1, 0]];
    for (const l of o.lines) {
      lines[l.line].forEach((row, reel) => {
        winning.add(`${row}:${reel}`);
      });
    }
    const grid = el('div', 'slot-grid');
    grid.setAttribute('role', 'img');
    grid.setAttribute('aria-label', o.grid.map((row) => row.map((symbol) => t(`play.symbol.${symbol}`)).join(' ')).join(' / '));
    o.grid.forEach((row, r) => {
      row.forEach((symbol, c) => {
        const cell = el('span', `cell sym-${symbol}${winning.has(`${r}:${c}`) ? ' hit' : ''}`, glyphs[symbol] ?? symbol);
        cell.dataset.symbol = symbol;
        grid.append(cell);
      });
    });
    board.append(grid);
  } else if (round.engine === 'dice') {
    board.append(el('p', 'big', (o.roll / 100).toFixed(2)), el('p', 'sub', t('play.dice.under', { target: (o.target / 100).toFixed(2) })));
  } else if (round.engine === 'crash') {
    board.append(el('p', 'big', `${(o.crashPoint / 100).toFixed(2)}x`), el('p', 'sub', t('play.crash.target', { target: (o.target / 100).toFixed(2) })));
  } else if (round.engine === 'plinko') {
    // The slots of the board, the one the ball landed in marked; the path as left and right steps.
    const slots = el('ol', 'plinko-slots');
    slots.setAttribute('aria-label', t('play.plinko.slot', { slot: String(o.slot), multiplier: (o.multiplier / 100).toFixed(2) }));
    const table = plinkoTables[o.rows][o.risk];
    table.forEach((m, i) => {
      const slot = el('li', i === o.slot ? 'plinko-slot landed' : 'plinko-slot', `${m / 100}x`);
      slot.setAttribute('aria-hidden', 'true');
      slots.append(slot);
    });
    board.append(
      el('p', 'big', `${(o.multiplier / 100).toFixed(2)}x`),
      slots,
      el('p', 'sub plinko-path', o.path.map((step) => (step ? '↘' : '↙')).join(' ')),
    );
  } else if (round.engine === 'coinflip') {
    board.append(el('p', `big coin coin-${o.side}`, t(`play.choice.${o.side}`)), el('p', 'sub', t('play.coinflip.call', { side: t(`play.choice.${o.choice}`) })));
  } else if (round.engine === 'double') {
    board.append(el('p', `big tile tile-${o.colour}`, String(o.tile)), el('p', 'sub', t('play.double.tile', { tile: String(o.tile), colour: t(`play.choice.${o.colour}`) })));
  } else if (round.engine === 'diamonds') {
    const row = el('p', 'diamonds-row');
    row.setAttribute('aria-hidden', 'true');
    for (const gem of o.gems) row.append(el('span', `gem gem-${gem}`, '◆'));
    board.append(el('p', 'big', `${(o.multiplier / 100).toFixed(2)}x`), row, el('p', 'sub', t(`play.diamonds.hand.${o.hand}`)));
  } else if (round.engine === 'baccarat') {
    const hand = (cards, label) => {
      const row = el('p', 'baccarat-hand');
      row.append(el('span', 'baccarat-label', label));
      for (const card of cards) row.append(cardEl(card));
      return row;
    };
    board.append(
      hand(o.player, `${t('play.choice.player')} ${o.playerTotal}`),
      hand(o.banker, `${t('play.choice.banker')} ${o.bankerTotal}`),
      el('p', 'sub', t(`play.baccarat.winner.${o.winner}`)),
    );
  } else if (round.engine === 'roulette') {
    board.append(
      el('p', `big tile tile-${o.colour}`, String(o.pocket)),
      el('p', 'sub', t('play.roulette.landed', { pocket: String(o.pocket), colour: t(`play.choice.${o.colour}`) })),
    );
  } else if (round.engine === 'tower') {
    const floors = el('ol', 'tower-board');
    floors.setAttribute('aria-label', t('play.tower.traps', { tiles: o.traps.map((n) => n + 1).join(', ') }));
    // The top floor first, as the controls show them.
    for (let floor = o.traps.length - 1; floor >= 0; floor--) {
      const row = el('li', 'tower-row');
      row.setAttribute('aria-hidden', 'true');
      for (let tile = 0; tile < o.tiles; tile++) {
        const picked = o.picks[floor] === tile;
        const trap = o.traps[floor] === tile;
        const cls = ['tower-cell', trap ? 'trap' : '', picked ? 'picked' : '', picked && trap ? 'hit' : ''].filter(Boolean).join(' ');
        row.append(el('span', cls, trap ? '✹' : picked ? '◆' : ''));
      }
      floors.append(row);
    }
    board.append(
      el('p', 'big', o.won ? `${(o.multiplierBp / 10000).toFixed(2)}x` : '0x'),
      floors,
      el('p', 'sub', o.won ? t('play.tower.reached', { floors: String(o.reached) }) : t('play.tower.fell', { floor: String(o.reached + 1) })),
    );
  } else if (round.engine === 'mines') {
    const mines = new Set(o.minePositions);
    const picked = new Set(o.picks);
    const grid = el('ol', 'mines-grid');
    grid.setAttribute('aria-label', t('play.mines.at', { tiles: o.minePositions.map((n) => n + 1).join(', ') }));
    for (let tile = 0; tile < 25; tile++) {
      const cls = ['mines-cell', mines.has(tile) ? 'mine' : 'gem', picked.has(tile) ? 'picked' : '', tile === o.hit ? 'hit' : ''].filter(Boolean).join(' ');
      const cell = el('li', cls, mines.has(tile) ? '✹' : picked.has(tile) ? '◆' : '');
      cell.setAttribute('aria-hidden', 'true');
      grid.append(cell);
    }
    board.append(
      el('p', 'big', o.won ? `${(o.multiplierBp / 10000).toFixed(2)}x` : '0x'),
      grid,
      el('p', 'sub', o.hit === null ? t('play.mines.safe', { count: String(o.picks.length) }) : t('play.mines.hit', { tile: String(o.hit + 1) })),
    );
  } else if (round.engine === 'ladder') {
    // The two rails and the rungs, the path from the start to the end marked.
    const ladder = el('div', `ladder-board start-${o.start} rungs-${o.rungs}`);
    ladder.setAttribute('aria-hidden', 'true');
    ladder.append(el('span', 'ladder-rail left'), el('span', 'ladder-rail right'));
    for (let rung = 0; rung < o.rungs; rung++) ladder.append(el('span', 'ladder-rung'));
    board.append(el('p', 'big', t(`play.choice.${o.end}`)), ladder, el('p', 'sub', outcomeText(round)));
  } else if (round.engine === 'penalty') {
    const saves = new Set(o.saves);
    const goal = el('ol', 'penalty-goal');
    goal.setAttribute('aria-hidden', 'true');
    for (let zone = 0; zone < 6; zone++) {
      const cls = ['penalty-cell', saves.has(zone) ? 'saved' : '', zone === o.zone ? 'shot' : '', zone === o.zone && o.goal ? 'goal' : ''].filter(Boolean).join(' ');
      goal.append(el('li', cls, zone === o.zone ? '●' : saves.has(zone) ? '✕' : ''));
    }
    board.append(el('p', 'big', o.goal ? `${(o.multiplier / 100).toFixed(2)}x` : '0x'), goal, el('p', 'sub', outcomeText(round)));
  } else if (round.engine === 'cryptos') {
    // The price line as bars from the opening price.
    const chart = el('ol', `cryptos-chart ${o.direction}`);
    chart.setAttribute('aria-hidden', 'true');
    for (const price of o.prices) {
      const bar = el('li', price >= 0 ? 'cryptos-tick above' : 'cryptos-tick below');
      bar.dataset.price = String(price);
      bar.style.setProperty('--h', String(Math.abs(price)));
      chart.append(bar);
    }
    board.append(el('p', `big cryptos-${o.direction}`, o.direction === 'up' ? '▲' : '▼'), chart, el('p', 'sub', outcomeText(round)));
  } else if (round.engine === 'twist') {
    board.append(el('p', 'big', `${(o.multiplier / 100).toFixed(2)}x`), el('p', 'sub', outcomeText(round)));
  } else if (round.engine === 'keno') {
    const hits = new Set(o.hits);
    const drawn = el('ol', 'keno-drawn');
    drawn.setAttribute('aria-label', t('play.keno.drawn', { numbers: o.drawn.join(', ') }));
    for (const n of o.drawn) {
      const ball = el('li', hits.has(n) ? 'keno-ball hit' : 'keno-ball', String(n));
      ball.setAttribute('aria-hidden', 'true');
      drawn.append(ball);
    }
    board.append(drawn, el('p', 'sub', t('play.keno.hits', { hits: String(o.hits.length), picks: String(o.picks.length) })));
  } else {
    board.append(el('p', 'big', `${(o.multiplier / 100).toFixed(2)}x`), el('p', 'sub', t('play.wheel.segment', { segment: String(o.segment + 1) })));
  }
  board.append(el('p', round.win > 0 ? 'result won' : 'result lost', round.win > 0 ? t('play.won', { amount: money(round.win) }) : t('play.round.lost')));
}

/** What a round drew, in a few words (the history's line). */
function outcomeText(round) {
  const o = round.outcome;
  if (round.engine === 'slot') {
    const count = o.lines.length;
    if (count === 0) return t('play.slot.lines.none');
    if (count === 1) return t('play.slot.lines.one');
    return data.slotLines?.[count - 1] ?? t('play.slot.lines', { count: String(count) });
  }
  if (round.engine === 'dice') return t('play.dice.roll', { roll: (o.roll / 100).toFixed(2) });
  if (round.engine === 'crash') return t('play.crash.point', { point: (o.crashPoint / 100).toFixed(2) });
  if (round.engine === 'plinko') return t('play.plinko.slot', { slot: String(o.slot), multiplier: (o.multiplier / 100).toFixed(2) });
  if (round.engine === 'coinflip') return t('play.coinflip.landed', { side: t(`play.choice.${o.side}`) });
  if (round.engine === 'double') return t('play.double.tile', { tile: String(o.tile), colour: t(`play.choice.${o.colour}`) });
  if (round.engine === 'keno') return t('play.keno.hits', { hits: String(o.hits.length), picks: String(o.picks.length) });
  if (round.engine === 'diamonds') return t(`play.diamonds.hand.${o.hand}`);
  if (round.engine === 'baccarat') return t(`play.baccarat.winner.${o.winner}`);
  if (round.engine === 'roulette') return t('play.roulette.landed', { pocket: String(o.pocket), colour: t(`play.choice.${o.colour}`) });
  if (round.engine === 'tower') return o.won ? t('play.tower.reached', { floors: String(o.reached) }) : t('play.tower.fell', { floor: String(o.reached + 1) });
  if (round.engine === 'hilo') {
    if (o.won) return t('play.hilo.cashedOut', { multiplier: (o.multiplierBp / 10000).toFixed(2), calls: String(o.calls) });
    return o.cashedOut ? t('play.hilo.returned') : t('play.hilo.lost', { calls: String(o.calls) });
  }
  if (round.engine === 'videopoker') return `${o.cards.map(cardName).join(' ')}: ${t(`play.videopoker.hand.${o.hand}`)}`;
  if (round.engine === 'blackjack') return `${t('play.blackjack.totals', { player: String(o.playerTotal), dealer: String(o.dealerTotal) })}: ${t(`play.blackjack.outcome.${o.outcome}`)}`;
  if (round.engine === 'ladder') return t('play.ladder.result', { start: t(`play.choice.${o.start}`), rungs: String(o.rungs), end: t(`play.choice.${o.end}`) });
  if (round.engine === 'penalty') return t(o.goal ? 'play.penalty.goal' : 'play.penalty.saved', { zone: t(`play.penalty.zone.${o.zone}`) });
  if (round.engine === 'cryptos') return t('play.cryptos.result', { direction: t(`play.choice.${o.direction}`), change: String(o.prices[o.prices.length - 1]) });
  if (round.engine === 'twist') return t('play.twist.segment', { segment: String(o.segment + 1), multiplier: (o.multiplier / 100).toFixed(2) });
  if (round.engine === 'mines') return o.hit === null ? t('play.mines.safe', { count: String(o.picks.length) }) : t('play.mines.hit', { tile: String(o.hit + 1) });
  return `${(o.multiplier / 100).toFixed(2)}x`;
}

/** The session's rounds, newest first (at most historyLength). */
const historyLength = data.historyLength;
let history = data.state.recentRounds.slice(0, historyLength);

/**
 * The history: each round's outcome, stake and win, and for in-house rounds
 * its proof (the revealed seeds and the verify link) behind "Check this
 * round", closed unless the player had opened it. The newest round's figures
 * carry the last-* ids.
 */
function renderHistory() {
  const box = $('history');
  const open = new Set(Array.from(box.querySelectorAll('li[data-round-id] details[open]'), (d) => d.closest('li').dataset.roundId));
  box.replaceChildren();
  if (history.length === 0) {
    box.append(el('p', 'empty', t('play.noRound')));
    return;
  }
  const list = el('ol', 'rounds');
  history.forEach((round, index) => {
    const item = el('li', 'round');
    item.dataset.roundId = round.roundId;
    const newest = index === 0;
    // A label and its value in `list`; the newest round's values carry their last-* ids.
    const row = (list, label, value, className, id) => {
      const dd = el('dd', className ?? '', value);
      if (id && newest) dd.id = id;
      list.append(el('dt', '', label), dd);
    };
    const summary = el('dl', 'round-figures');
    item.append(el('p', 'outcome', outcomeText(round)));
    row(summary, t('play.stake'), money(round.stake), 'money', 'last-stake');
    row(summary, t('play.win'), money(round.win), round.win > 0 ? 'money won' : 'money', 'last-win');
    item.append(summary);
    if (round.fairness) {
      const proof = el('details', 'proof');
      proof.open = open.has(round.roundId);
      proof.append(el('summary', '', t('play.proof.title')));
      const seeds = el('dl', 'seeds');
      row(seeds, t('play.serverSeed'), round.fairness.serverSeed, 'mono', 'last-server-seed');
      row(seeds, t('play.serverSeedHash'), round.fairness.serverSeedHash, 'mono', 'last-server-seed-hash');
      row(seeds, t('play.clientSeed'), round.fairness.clientSeed, 'mono');
      row(seeds, t('play.nonce'), String(round.fairness.nonce));
      proof.append(seeds);
      if (round.verifyUrl) {
        const link = el('a', 'verify-link', t('play.verify'));
        link.href = round.verifyUrl;
        link.target = '_blank';
        link.rel = 'noopener';
        proof.append(link);
      }
      item.append(proof);
    }
    list.append(item);
  });
  box.append(list);
}

/** A round just played goes first (a retry answered with the same round replaces it). */
function addRound(round) {
  history = [round, ...history.filter((r) => r.roundId !== round.roundId)].slice(0, historyLength);
  renderHistory();
}

function setBalance(amount) {
  const output = $('balance');
  output.dataset.amount = String(amount);
  output.textContent = money(amount);
}

function newClientSeed() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Plinko's pay tables, for drawing the board (the page data carries them). */
const plinkoTables = data.plinkoTables ?? {};

/** Keno's number grid: at most maxPicks checked; the rest are disabled while that many are. */
const kenoPicks = $('keno-picks');
function checkedPicks() {
  return Array.from(kenoPicks.querySelectorAll('input[name="pick"]:checked'), (input) => Number(input.value));
}
if (kenoPicks) {
  const maxPicks = data.kenoMaxPicks;
  kenoPicks.addEventListener('change', () => {
    const full = checkedPicks().length >= maxPicks;
    for (const input of kenoPicks.querySelectorAll('input[name="pick"]')) input.disabled = full && !input.checked;
  });
}

/** Mines' tiles: at most as many checked as the chosen mine count allows (the page data lists the limit per count). */
const minesPicks = $('mines-picks');
const minesCount = $('mines');
function checkedTiles() {
  return Array.from(minesPicks.querySelectorAll('input[name="tile"]:checked'), (input) => Number(input.value));
}
function limitTiles() {
  const max = data.minesMaxPicks?.[minesCount.value] ?? 24;
  minesPicks.querySelector('legend').textContent = t('play.mines.pick', { max: String(max) });
  const checked = checkedTiles();
  // A lower limit unchecks the last tiles picked beyond it.
  for (const tile of checked.slice(max)) minesPicks.querySelector(`input[name="tile"][value="${tile}"]`).checked = false;
  const full = checkedTiles().length >= max;
  for (const input of minesPicks.querySelectorAll('input[name="tile"]')) input.disabled = full && !input.checked;
}
if (minesPicks && minesCount) {
  minesPicks.addEventListener('change', limitTiles);
  minesCount.addEventListener('change', limitTiles);
}

/** Tower's floors: the tiles a risk has (4, 3 or 2) stay enabled; the climb is the floors picked from the bottom up. */
const towerPicks = $('tower-picks');
function towerClimb() {
  const picks = [];
  for (let floor = 0; floor < (data.towerFloors ?? 0); floor++) {
    const checked = towerPicks.querySelector(`input[name="floor-${floor}"]:checked`);
    if (!checked) break;
    picks.push(Number(checked.value));
  }
  return picks;
}
function limitTowerTiles() {
  const tiles = data.towerTiles?.[$('risk').value] ?? 4;
  for (const input of towerPicks.querySelectorAll('input[type="radio"]')) {
    const off = Number(input.value) >= tiles;
    input.disabled = off;
    input.closest('label').hidden = off;
    if (off) input.checked = false;
  }
}
if (towerPicks) {
  $('risk').addEventListener('change', limitTowerTiles);
  limitTowerTiles();
}

const seedInput = $('client-seed');
if (seedInput) seedInput.value = newClientSeed();

/** A stepped round waiting for the player's decision (HiLo, Video Poker, Blackjack), or null. */
let openRound = null;
const stepActions = $('step-actions');

/** Shows a stepped round: while open, its allowed actions are enabled and a new deal waits; once ended, the form is back. */
function showOpen(round) {
  openRound = round?.open ? round : null;
  if (!stepActions) return;
  stepActions.hidden = !openRound;
  for (const button of stepActions.querySelectorAll('button[data-action]')) {
    button.disabled = !openRound?.open.allowed.includes(button.dataset.action);
  }
  $('play-button').disabled = !!openRound;
  if (!openRound) holds = new Set();
}

renderBoard(data.state.openRound ?? data.state.lastRound);
showOpen(data.state.openRound);
renderHistory();

const errorText = {
  'play.balance.insufficient': 'play.error.balance',
  'wallet.balance.insufficient': 'play.error.balance',
  'play.stake.invalid': 'play.error.stake',
  'play.params.invalid': 'play.error.params',
  'play.session.invalid': 'play.error.session',
  'play.round.voided': 'play.error.voided',
  'rg.play.excluded': 'play.error.excluded',
  'rg.bet.loss.limit': 'play.error.lossLimit',
  'rg.bet.wager.limit': 'play.error.wagerLimit',
  'play.round.open': 'play.error.open',
  'play.round.closed': 'play.error.closed',
};

/** Answers after which the round may still be in progress or placed: the next press retries it with the same key. */
const unsettled = new Set(['play.round.busy', 'play.wallet.unavailable']);

/** The round sent without a final answer: its parameters and key. */
let pending = null;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the round; after a network failure (no answer) sends it once more with the same key. */
async function sendRound(body, path = 'round') {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`/play/${encodeURIComponent(token)}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      return await res.json().catch(() => null);
    } catch (error) {
      if (attempt >= 1) throw error;
      await sleep(500);
    }
  }
}

$('round-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const button = $('play-button');
  const error = $('error');
  error.textContent = '';
  const stake = parseDecimal($('stake').value, currency.minorUnits);
  if (!Number.isSafeInteger(stake) || stake < 1) {
    error.textContent = t('play.error.amount');
    return;
  }
  const body = { stake };
  if (seedInput) {
    if (!seedInput.value.trim()) seedInput.value = newClientSeed();
    body.clientSeed = seedInput.value.trim();
  }
  const target = $('target');
  if (target) {
    body.target = parseDecimal(target.value, 2);
    if (!Number.isSafeInteger(body.target)) {
      error.textContent = t('play.error.params');
      return;
    }
  }
  const choice = root.querySelector('input[name="choice"]:checked');
  if (choice) body.choice = choice.value;
  // Mini Roulette: a number bet is on the number chosen.
  if (choice?.value === 'number' && $('pocket')) body.target = Number($('pocket').value);
  if ($('risk')) body.risk = $('risk').value;
  // Penalty Goal: the zone shot at.
  const zone = root.querySelector('input[name="zone"]:checked');
  if (zone) body.target = Number(zone.value);
  if ($('rows')) body.rows = Number($('rows').value);
  if (towerPicks) {
    body.picks = towerClimb();
    if (body.picks.length === 0) {
      error.textContent = t('play.error.floors');
      return;
    }
  }
  if (kenoPicks) {
    body.picks = checkedPicks();
    if (body.picks.length === 0) {
      error.textContent = t('play.error.picks');
      return;
    }
  }
  if (minesPicks) {
    body.mines = Number(minesCount.value);
    body.picks = checkedTiles();
    if (body.picks.length === 0) {
      error.textContent = t('play.error.tiles');
      return;
    }
  }
  // The same round again (after no answer) keeps its key; a changed stake, seed or target is a new round.
  const signature = JSON.stringify(body);
  if (!pending || pending.signature !== signature) pending = { signature, key: newRoundKey() };
  body.roundKey = pending.key;
  button.disabled = true;
  root.setAttribute('aria-busy', 'true');
  try {
    const json = await sendRound(body);
    if (!json?.success) {
      if (json?.errorCode && !unsettled.has(json.errorCode)) pending = null;
      error.textContent = t(errorText[json?.errorCode] ?? 'play.error.generic');
      await refresh();
      return;
    }
    pending = null;
    showRound(json.value);
  } catch {
    error.textContent = t('play.error.generic');
  } finally {
    button.disabled = !!openRound;
    root.removeAttribute('aria-busy');
  }
});

/** A round's answer: the balance, the board, and either the decisions of an open round or the history's new line. */
function showRound({ round, balance, commitment }) {
  setBalance(balance);
  if (!round.open) holds = new Set();
  renderBoard(round);
  showOpen(round);
  if (!round.open) addRound(round);
  if (commitment && $('commitment')) {
    $('commitment').textContent = commitment.serverSeedHash;
    $('nonce').textContent = String(commitment.nonce);
  }
}

/** A decision of the open round; its step makes a retry after no answer safe (the server answers the step taken). */
stepActions?.addEventListener('click', async (event) => {
  const button = event.target.closest('button[data-action]');
  if (!button || !openRound) return;
  const error = $('error');
  error.textContent = '';
  const body = { action: button.dataset.action, step: openRound.open.step };
  if (body.action === 'draw') body.holds = [...holds].sort((a, b) => a - b);
  for (const b of stepActions.querySelectorAll('button')) b.disabled = true;
  root.setAttribute('aria-busy', 'true');
  try {
    const json = await sendRound(body, `round/${encodeURIComponent(openRound.roundId)}/action`);
    if (!json?.success) {
      error.textContent = t(errorText[json?.errorCode] ?? 'play.error.generic');
      await refresh();
      return;
    }
    showRound(json.value);
  } catch {
    error.textContent = t('play.error.generic');
    showOpen(openRound);
  } finally {
    root.removeAttribute('aria-busy');
  }
});

/** The current balance and commitment from the server. */
async function refresh() {
  const res = await fetch(`/play/${encodeURIComponent(token)}/state`, { headers: { accept: 'application/json' } }).catch(() => null);
  const json = await res?.json().catch(() => null);
  if (!json?.success) return;
  setBalance(json.value.balance);
  if (stepActions) {
    renderBoard(json.value.openRound ?? json.value.lastRound);
    showOpen(json.value.openRound);
  }
  if (json.value.commitment && $('commitment')) {
    $('commitment').textContent = json.value.commitment.serverSeedHash;
    $('nonce').textContent = String(json.value.commitment.nonce);
  }
}

// Back from another tab (a deposit): show the current balance.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void refresh();
});
