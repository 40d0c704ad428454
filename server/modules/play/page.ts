/**
 * The standalone game pages: `/play/<token>` and `/play/verify`, rendered on
 * the server (not the SPA) with one external script and stylesheet, so the
 * strict CSP holds (no inline script or style). Copy comes from the shared
 * message catalogs (play.* ids) in the page's language.
 */
import {
  crashTargetRange,
  diceTargetRange,
  engineChoices,
  type EngineName,
  isSteppedEngine,
  fairEngineNames,
  kenoRules,
  minesRules,
  towerRules,
  rouletteRules,
  penaltyRules,
  playHistoryLength,
  type PlayState,
  plinkoDefaults,
  plinkoRisks,
  plinkoRowChoices,
  type VerifyResult,
} from '../../../contract/play.ts';
import { minesMaxPicks, plinkoTables, slotLines, type SlotSymbol } from './engines.ts';
import { engineRules, hundredths } from './rules.ts';
import { type Catalog, catalogOf, directionOfLanguage, formatMessage, languageOfAcceptHeader, localeOfLanguage, messageOf } from '../../lib/catalogs.ts';
import { hasCatalog, normaliseLanguage } from '../../../contract/languages.ts';

/** A language with a catalog (contract/languages.ts). */
export type PageLanguage = string;

/** The page's language: `?lang=` when the site has its catalog, else the browser's (server/lib/catalogs.ts), else EN. */
export function pageLanguage(lang: unknown, acceptLanguage: string | undefined): PageLanguage {
  // A code the site has a catalog for (normaliseLanguage reads anything else as EN).
  if (typeof lang === 'string' && /^[a-z]{2}([-_][a-z]{2})?$/i.test(lang) && hasCatalog(normaliseLanguage(lang))) return normaliseLanguage(lang);
  return languageOfAcceptHeader(acceptLanguage);
}

/** The play.* messages of a language the page script needs (the rules are rendered here, not by the script), EN's where it lacks one. */
export function pageMessages(language: PageLanguage): Catalog {
  const ids = Object.keys(catalogOf('EN')).filter((id) => id.startsWith('play.') && !id.startsWith('play.rules.'));
  return Object.fromEntries(ids.map((id) => [id, messageOf(language, id) ?? id]));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A message in the page's language, as plain text. */
function say(language: PageLanguage, id: string, values: Record<string, string> = {}): string {
  return formatMessage(messageOf(language, id) ?? id, values, localeOfLanguage(language));
}

/** A message in the page's language, escaped for HTML. */
function t(language: PageLanguage, id: string, values: Record<string, string> = {}): string {
  return escapeHtml(say(language, id, values));
}

/** JSON for a data block: `<` escaped so the text can never close the element. */
function jsonBlock(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function shell(language: PageLanguage, title: string, body: string, script: boolean): string {
  return `<!doctype html>
<html lang="${localeOfLanguage(language)}" dir="${directionOfLanguage(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/play-static/play.css">
${script ? '<script type="module" src="/play-static/play.js"></script>\n' : ''}</head>
<body>
${body}
</body>
</html>
`;
}

export function money(amount: number, currency: PlayState['currency']): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const unit = 10 ** currency.minorUnits;
  const whole = Math.floor(abs / unit).toLocaleString('en-US');
  const fraction = currency.minorUnits > 0 ? `.${String(abs % unit).padStart(currency.minorUnits, '0')}` : '';
  return `${sign}${currency.symbol}${whole}${fraction}`;
}

const backLink = (language: PageLanguage) => `<a class="back" href="/m/home">${t(language, 'play.back')}</a>`;

/** The slot symbols' glyphs (the stylesheet draws the fruit and the bell; bar and seven are text), as on the board. */
const glyphs: Record<SlotSymbol, string> = { cherry: 'C', lemon: 'L', plum: 'P', bell: 'B', bar: 'BAR', seven: '7' };

/** "How to play": the engine's rules with their figures, its table (slot paytable, wheel segments) and its return to player. */
function rulesSection(language: PageLanguage, engine: EngineName): string {
  const rules = engineRules[engine];
  const lines = rules.lines.map((line) => `<li>${t(language, line.id, line.values)}</li>`).join('\n');
  const payout = (multiplier: string) => t(language, 'play.rules.payout', { multiplier });
  const table = rules.paytable
    ? `<table class="paytable">
<thead><tr><th scope="col">${t(language, 'play.rules.slot.symbol')}</th><th scope="col">${t(language, 'play.rules.pays')}</th></tr></thead>
<tbody>
${rules.paytable
  .map(
    (line) =>
      `<tr><th scope="row"><span class="symbol"><span class="cell sym-${line.symbol}" aria-hidden="true">${glyphs[line.symbol]}</span>${t(language, `play.symbol.${line.symbol}`)}</span></th><td>${payout(line.multiplier)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`
    : rules.figures
      ? `<table class="paytable figures">
<thead><tr>${rules.figures.head.map((id) => `<th scope="col">${t(language, id)}</th>`).join('')}</tr></thead>
<tbody>
${rules.figures.rows
  .map(
    (row) =>
      `<tr>${row.cells
        .map((cell, i) => {
          const content = typeof cell === 'string' ? escapeHtml(cell) : t(language, cell.id, cell.values);
          return i === 0 ? `<th scope="row">${content}</th>` : `<td>${content}</td>`;
        })
        .join('')}</tr>`,
  )
  .join('\n')}
</tbody>
</table>`
    : rules.wheel
      ? `<table class="paytable">
<thead><tr><th scope="col">${t(language, 'play.rules.pays')}</th><th scope="col">${t(language, 'play.rules.wheel.count')}</th></tr></thead>
<tbody>
${rules.wheel.map((line) => `<tr><th scope="row">${payout(line.multiplier)}</th><td>${line.count}</td></tr>`).join('\n')}
</tbody>
</table>`
      : '';
  return `<section class="rules" aria-labelledby="rules-title">
<h2 id="rules-title">${t(language, 'play.rules.title')}</h2>
<ul class="rule-list">
${lines}
</ul>
${table}
<p class="rtp">${t(language, 'play.rules.rtp', { rtp: rules.rtp })}</p>
</section>`;
}

/** The fairness proof of the next round (in-house games), closed until the player opens it. */
function fairSection(language: PageLanguage, commitment: NonNullable<PlayState['commitment']>): string {
  return `<details class="fair" id="fair">
<summary>${t(language, 'play.fair.title')}</summary>
<div class="disclosure">
<p>${t(language, 'play.fair.intro')}</p>
<dl>
<dt>${t(language, 'play.commitment')}</dt><dd id="commitment" class="mono">${escapeHtml(commitment.serverSeedHash)}</dd>
<dt>${t(language, 'play.nonce')}</dt><dd id="nonce">${commitment.nonce}</dd>
</dl>
<p class="hint">${t(language, 'play.fair.nonce.help')}</p>
<label class="field">${t(language, 'play.clientSeed')}<input id="client-seed" name="clientSeed" type="text" maxlength="64" autocomplete="off" spellcheck="false" aria-describedby="client-seed-help"></label>
<p class="hint" id="client-seed-help">${t(language, 'play.fair.clientSeed.help')}</p>
</div>
</details>`;
}

/**
 * The game page of a valid session: the game (name, balance, bet controls,
 * result), the player's rounds (filled in by the script, each with its proof
 * behind "Check this round"), how to play, and the fairness proof of the next
 * round behind "Verify fairness" (in-house games).
 */
export function renderGamePage(language: PageLanguage, token: string, state: PlayState): string {
  const { game } = state;
  const action = {
    slot: 'play.spin',
    dice: 'play.roll',
    crash: 'play.bet',
    plinko: 'play.drop',
    keno: 'play.draw',
    coinflip: 'play.flip',
    double: 'play.spin',
    wheel: 'play.play',
    mines: 'play.open',
    tower: 'play.climb',
    roulette: 'play.spin',
    baccarat: 'play.deal',
    diamonds: 'play.play',
    ladder: 'play.play',
    penalty: 'play.shoot',
    cryptos: 'play.bet',
    twist: 'play.spin',
    hilo: 'play.deal',
    videopoker: 'play.deal',
    blackjack: 'play.deal',
  }[game.engine];
  // A stepped game's decisions, enabled by the script for the actions the open round allows.
  const stepButtons = { hilo: ['higher', 'lower', 'skip', 'cashout'], videopoker: ['draw'], blackjack: ['hit', 'stand'] } as const;
  const stepActions = isSteppedEngine(game.engine)
    ? `<div id="step-actions" class="step-actions" hidden>${stepButtons[game.engine]
        .map((a) => `<button type="button" class="step-action" data-action="${a}" disabled>${t(language, `play.action.${a}`)}</button>`)
        .join('')}</div>`
    : '';
  // Coin Flip and Double: the call, as radio buttons.
  const choices = (engine: keyof typeof engineChoices) =>
    `<fieldset class="choices" id="choices"><legend>${t(language, 'play.choice')}</legend>${engineChoices[engine]
      .map(
        (choice, i) =>
          `<label class="choice choice-${choice}"><input type="radio" name="choice" value="${choice}"${i === 0 ? ' checked' : ''}><span>${t(language, `play.choice.${choice}`)}</span></label>`,
      )
      .join('')}</fieldset>`;
  const select = (id: string, label: string, options: { value: string; label: string; selected: boolean }[]) =>
    `<label class="field">${t(language, label)}<select id="${id}" name="${id}">${options
      .map((o) => `<option value="${escapeHtml(o.value)}"${o.selected ? ' selected' : ''}>${escapeHtml(o.label)}</option>`)
      .join('')}</select></label>`;
  const plinko = () =>
    select(
      'risk',
      'play.rules.plinko.risk',
      plinkoRisks.map((risk) => ({ value: risk, label: t(language, `play.risk.${risk}`), selected: risk === plinkoDefaults.risk })),
    ) +
    select(
      'rows',
      'play.rules.plinko.rows',
      plinkoRowChoices.map((rows) => ({ value: String(rows), label: String(rows), selected: rows === plinkoDefaults.rows })),
    );
  // Keno: the 40 numbers as checkboxes (the script keeps at most 10 checked).
  const keno = () =>
    `<fieldset class="keno-picks" id="keno-picks"><legend>${t(language, 'play.keno.pick', { max: String(kenoRules.maxPicks) })}</legend>${Array.from(
      { length: kenoRules.numbers },
      (_, i) => `<label class="keno-number"><input type="checkbox" name="pick" value="${i + 1}"><span>${i + 1}</span></label>`,
    ).join('')}</fieldset>`;
  // Mines: how many mines, and the 25 tiles as checkboxes (the script keeps at most 25 − mines checked).
  const mines = () =>
    select(
      'mines',
      'play.mines.count',
      Array.from({ length: minesRules.maxMines - minesRules.minMines + 1 }, (_, i) => minesRules.minMines + i).map((n) => ({
        value: String(n),
        label: String(n),
        selected: n === minesRules.defaultMines,
      })),
    ) +
    `<fieldset class="mines-picks" id="mines-picks"><legend>${t(language, 'play.mines.pick', { max: String(minesMaxPicks(minesRules.defaultMines)) })}</legend>${Array.from(
      { length: minesRules.tiles },
      (_, i) => `<label class="mines-tile"><input type="checkbox" name="tile" value="${i}"><span>${i + 1}</span></label>`,
    ).join('')}</fieldset>`;
  // Tower: the risk, and 8 floors (the top first) of 4 tiles as radio buttons (the script disables the tiles a
  // risk does not have).
  const tower = () =>
    select(
      'risk',
      'play.rules.plinko.risk',
      plinkoRisks.map((risk) => ({ value: risk, label: t(language, `play.risk.${risk}`), selected: risk === 'low' })),
    ) +
    `<fieldset class="tower-picks" id="tower-picks"><legend>${t(language, 'play.tower.pick')}</legend>${Array.from({ length: towerRules.floors }, (_, i) => {
      const floor = towerRules.floors - 1 - i;
      return `<div class="tower-floor" role="radiogroup" aria-label="${t(language, 'play.tower.floor', { floor: String(floor + 1) })}">${Array.from(
        { length: towerRules.tiles.low },
        (_, tile) =>
          `<label class="tower-tile"><input type="radio" name="floor-${floor}" value="${tile}" aria-label="${t(language, 'play.tower.cell', { floor: String(floor + 1), tile: String(tile + 1) })}"><span aria-hidden="true"></span></label>`,
      ).join('')}</div>`;
    }).join('')}</fieldset>`;
  // Mini Roulette: the call, and the number a number bet is on.
  const roulette = () =>
    choices('roulette') +
    select(
      'pocket',
      'play.roulette.number',
      Array.from({ length: rouletteRules.pockets }, (_, n) => ({ value: String(n), label: String(n), selected: n === 0 })),
    );
  const riskSelect = () =>
    select(
      'risk',
      'play.rules.plinko.risk',
      plinkoRisks.map((risk) => ({ value: risk, label: t(language, `play.risk.${risk}`), selected: risk === 'low' })),
    );
  // Penalty Goal: the risk, and the goal's 6 zones (the top row first) as radio buttons.
  const penalty = () =>
    riskSelect() +
    `<fieldset class="penalty-zones" id="penalty-zones"><legend>${t(language, 'play.penalty.pick')}</legend>${Array.from(
      { length: penaltyRules.zones },
      (_, zone) =>
        `<label class="penalty-zone"><input type="radio" name="zone" value="${zone}"${zone === 0 ? ' checked' : ''} aria-label="${t(language, `play.penalty.zone.${zone}`)}"><span aria-hidden="true"></span></label>`,
    ).join('')}</fieldset>`;
  const target =
    game.engine === 'ladder' || game.engine === 'cryptos'
      ? choices(game.engine)
      : game.engine === 'penalty'
      ? penalty()
      : game.engine === 'twist'
      ? riskSelect()
      : game.engine === 'baccarat'
      ? choices('baccarat')
      : game.engine === 'roulette'
      ? roulette()
      : game.engine === 'tower'
      ? tower()
      : game.engine === 'mines'
      ? mines()
      : game.engine === 'coinflip' || game.engine === 'double'
      ? choices(game.engine)
      : game.engine === 'plinko'
      ? plinko()
      : game.engine === 'keno'
        ? keno()
        : game.engine === 'dice'
      ? `<label class="field">${t(language, 'play.target.dice')}<input id="target" name="target" type="number" inputmode="decimal" min="${hundredths(diceTargetRange.min)}" max="${hundredths(diceTargetRange.max)}" step="0.01" value="${hundredths(diceTargetRange.initial)}"></label>`
      : game.engine === 'crash'
        ? `<label class="field">${t(language, 'play.target.crash')}<input id="target" name="target" type="number" inputmode="decimal" min="${hundredths(crashTargetRange.min)}" max="${crashTargetRange.max / 100}" step="0.01" value="${hundredths(crashTargetRange.initial)}"></label>`
        : '';
  const body = `<main id="play" class="play engine-${game.engine}" data-token="${escapeHtml(token)}" data-engine="${game.engine}">
<header class="top">
${backLink(language)}
<span class="mode mode-${state.mode}">${t(language, state.mode === 'free' ? 'play.mode.free' : 'play.mode.real')}</span>
</header>
<h1>${escapeHtml(game.name)}</h1>
<p class="vendor">${escapeHtml(game.vendorName)}</p>
<p class="balance" aria-live="polite">${t(language, 'play.balance')} <output id="balance" data-amount="${state.balance}">${escapeHtml(money(state.balance, state.currency))}</output></p>
<div id="board" class="board" aria-live="polite"></div>
${stepActions}
<form id="round-form" class="controls" novalidate>
<label class="field">${t(language, 'play.stake')}<input id="stake" name="stake" type="number" inputmode="decimal" min="${state.minBet / 10 ** state.currency.minorUnits}" step="${1 / 10 ** state.currency.minorUnits}" value="${Math.max(state.minBet, 10 ** state.currency.minorUnits) / 10 ** state.currency.minorUnits}" required></label>
${target}
<p class="hint">${t(language, 'play.minBet', { amount: money(state.minBet, state.currency) })}</p>
<button id="play-button" type="submit">${t(language, action)}</button>
<p id="error" class="error" role="alert"></p>
</form>
<section class="history" aria-labelledby="history-title">
<h2 id="history-title">${t(language, 'play.history.title')}</h2>
<div id="history"><p class="empty">${t(language, 'play.noRound')}</p></div>
</section>
${rulesSection(language, game.engine)}
${state.commitment ? fairSection(language, state.commitment) : ''}
</main>
<script type="application/json" id="play-data">${jsonBlock({
    state,
    messages: pageMessages(language),
    historyLength: playHistoryLength,
    // The page script fills in plain arguments only: "N winning lines" comes formatted for each count a round can have.
    ...(game.engine === 'slot' ? { slotLines: slotLines.map((_, i) => formatMessage(messageOf(language, 'play.slot.lines') ?? '', { count: i + 1 }, localeOfLanguage(language))) } : {}),
    ...(game.engine === 'plinko' ? { plinkoTables } : {}),
    ...(game.engine === 'keno' ? { kenoMaxPicks: kenoRules.maxPicks } : {}),
    // Mines: the most tiles each mine count lets the player open.
    ...(game.engine === 'tower' ? { towerTiles: towerRules.tiles, towerFloors: towerRules.floors } : {}),
    ...(game.engine === 'mines' ? { minesMaxPicks: Object.fromEntries(Array.from({ length: minesRules.maxMines }, (_, i) => [i + 1, minesMaxPicks(i + 1)])) } : {}),
  })}</script>`;
  return shell(language, `${game.name} | ${game.vendorName}`, body, true);
}

/** A page for a token that does not open a game (unknown, malformed or expired). */
export function renderInvalidPage(language: PageLanguage): string {
  return shell(
    language,
    messageOf(language, 'play.error.title') ?? 'Game',
    `<main class="play invalid"><h1>${t(language, 'play.error.title')}</h1><p>${t(language, 'play.error.session')}</p>${backLink(language)}</main>`,
    false,
  );
}

function outcomeText(language: PageLanguage, result: VerifyResult): string {
  const o = result.outcome as Record<string, unknown>;
  switch (result.engine) {
    case 'slot': {
      const grid = (o.grid as string[][]).map((row) => `<tr>${row.map((s) => `<td>${t(language, `play.symbol.${s}`)}</td>`).join('')}</tr>`).join('');
      const count = (o.lines as unknown[]).length;
      const lines = count === 0 ? t(language, 'play.slot.lines.none') : count === 1 ? t(language, 'play.slot.lines.one') : t(language, 'play.slot.lines', { count: String(count) });
      return `<table class="grid"><tbody>${grid}</tbody></table><p>${lines}</p>`;
    }
    case 'dice':
      return `<p>${t(language, 'play.dice.roll', { roll: ((o.roll as number) / 100).toFixed(2) })}</p>`;
    case 'crash':
      return `<p>${t(language, 'play.crash.point', { point: ((o.crashPoint as number) / 100).toFixed(2) })}</p>`;
    case 'plinko':
      return `<p>${t(language, 'play.plinko.slot', { slot: String(o.slot), multiplier: ((o.multiplier as number) / 100).toFixed(2) })}</p>`;
    case 'coinflip':
      return `<p>${t(language, 'play.coinflip.landed', { side: t(language, `play.choice.${o.side as string}`) })}</p>`;
    case 'double':
      return `<p>${t(language, 'play.double.tile', { tile: String(o.tile), colour: t(language, `play.choice.${o.colour as string}`) })}</p>`;
    case 'wheel':
      return `<p>${t(language, 'play.wheel.segment', { segment: String((o.segment as number) + 1) })}</p>`;
    case 'mines': {
      const hit = o.hit as number | null;
      const positions = (o.minePositions as number[]).map((tile) => tile + 1).join(', ');
      return `<p>${t(language, 'play.mines.at', { tiles: positions })}</p><p>${
        hit === null ? t(language, 'play.mines.safe', { count: String((o.picks as number[]).length) }) : t(language, 'play.mines.hit', { tile: String(hit + 1) })
      }</p>`;
    }
    case 'diamonds':
      return `<p>${t(language, `play.diamonds.hand.${o.hand as string}`)}</p>`;
    case 'ladder':
    case 'penalty':
    case 'cryptos':
    case 'twist':
      return `<p>${escapeHtml(singleShotText(language, result.engine, o))}</p>`;
    case 'hilo':
    case 'videopoker':
    case 'blackjack':
      return `<p>${escapeHtml(steppedText(language, result.engine, o))}</p>`;
    case 'baccarat':
      return `<p>${t(language, 'play.baccarat.totals', { player: String(o.playerTotal), banker: String(o.bankerTotal) })}</p><p>${t(language, `play.baccarat.winner.${o.winner as string}`)}</p>`;
    case 'roulette':
      return `<p>${t(language, 'play.roulette.landed', { pocket: String(o.pocket), colour: t(language, `play.choice.${o.colour as string}`) })}</p>`;
    case 'tower': {
      const won = o.won as boolean;
      return `<p>${t(language, 'play.tower.traps', { tiles: (o.traps as number[]).map((tile) => tile + 1).join(', ') })}</p><p>${
        won ? t(language, 'play.tower.reached', { floors: String(o.reached) }) : t(language, 'play.tower.fell', { floor: String((o.reached as number) + 1) })
      }</p>`;
    }
    case 'keno':
      return `<p>${t(language, 'play.keno.drawn', { numbers: (o.drawn as number[]).join(', ') })}</p><p>${t(language, 'play.keno.hits', { hits: String((o.hits as number[]).length), picks: String((o.picks as number[]).length) })}</p>`;
    default:
      return '';
  }
}

/** What a ladder, penalty, cryptos or twist round drew, in words (the verify page's and, through the same ids, the script's). */
function singleShotText(language: PageLanguage, engine: 'ladder' | 'penalty' | 'cryptos' | 'twist', o: Record<string, unknown>): string {
  const text = (id: string, values: Record<string, string> = {}) => say(language, id, values);
  switch (engine) {
    case 'ladder':
      return text('play.ladder.result', { start: text(`play.choice.${o.start as string}`), rungs: String(o.rungs), end: text(`play.choice.${o.end as string}`) });
    case 'penalty':
      return text(o.goal ? 'play.penalty.goal' : 'play.penalty.saved', { zone: text(`play.penalty.zone.${o.zone as number}`) });
    case 'cryptos': {
      const prices = o.prices as number[];
      return text('play.cryptos.result', { direction: text(`play.choice.${o.direction as string}`), change: String(prices[prices.length - 1]) });
    }
    case 'twist':
      return text('play.twist.segment', { segment: String((o.segment as number) + 1), multiplier: ((o.multiplier as number) / 100).toFixed(2) });
  }
}

const cardName = (card: number) => `${['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'][card % 13]}${['♣', '♦', '♥', '♠'][Math.floor(card / 13)]}`;

/** What an ended HiLo, Video Poker or Blackjack round came to, in words. */
function steppedText(language: PageLanguage, engine: 'hilo' | 'videopoker' | 'blackjack', o: Record<string, unknown>): string {
  const text = (id: string, values: Record<string, string> = {}) => say(language, id, values);
  switch (engine) {
    case 'hilo':
      if (o.won) return text('play.hilo.cashedOut', { multiplier: ((o.multiplierBp as number) / 10_000).toFixed(2), calls: String(o.calls) });
      return o.cashedOut ? text('play.hilo.returned') : text('play.hilo.lost', { calls: String(o.calls) });
    case 'videopoker':
      return `${(o.cards as number[]).map(cardName).join(' ')}: ${text(`play.videopoker.hand.${o.hand as string}`)}`;
    case 'blackjack':
      return `${text('play.blackjack.totals', { player: String(o.playerTotal), dealer: String(o.dealerTotal) })}: ${text(`play.blackjack.outcome.${o.outcome as string}`)}`;
  }
}

/** The verification page: a form, and the recomputed round when one was given. */
export function renderVerifyPage(language: PageLanguage, query: Record<string, string>, result: VerifyResult | null, error: string | null): string {
  const field = (name: string, label: string) =>
    `<label class="field">${t(language, label)}<input name="${name}" type="text" value="${escapeHtml(query[name] ?? '')}" spellcheck="false" autocomplete="off"></label>`;
  const engine = query.engine ?? 'slot';
  const options = fairEngineNames
    .map((e) => `<option value="${e}"${e === engine ? ' selected' : ''}>${t(language, `play.engine.${e}`)}</option>`)
    .join('');
  const verdict = result
    ? `<section class="verdict" aria-labelledby="verdict-title"><h2 id="verdict-title">${t(language, 'play.verify.result')}</h2>
${result.hashMatches === null ? '' : `<p class="${result.hashMatches ? 'ok' : 'bad'}" id="hash-verdict">${t(language, result.hashMatches ? 'play.verify.hashOk' : 'play.verify.hashBad')}</p>`}
<dl><dt>${t(language, 'play.verify.hash')}</dt><dd class="mono">${escapeHtml(result.serverSeedHash)}</dd>
<dt>${t(language, 'play.verify.multiplier')}</dt><dd id="verify-multiplier">${(result.multiplierBp / 10_000).toFixed(4)}x</dd></dl>
<div id="verify-outcome">${outcomeText(language, result)}</div></section>`
    : error
      ? `<p class="error" role="alert">${escapeHtml(error)}</p>`
      : '';
  const body = `<main class="play verify">
<header class="top">${backLink(language)}</header>
<h1>${t(language, 'play.verify.title')}</h1>
<p class="note">${t(language, 'play.verify.how')}</p>
<form method="get" action="/play/verify" class="controls">
<label class="field">${t(language, 'play.verify.engine')}<select name="engine">${options}</select></label>
${field('serverSeed', 'play.serverSeed')}
${field('serverSeedHash', 'play.commitment')}
${field('clientSeed', 'play.clientSeed')}
${field('nonce', 'play.nonce')}
${field('target', 'play.verify.target')}
${field('rows', 'play.rules.plinko.rows')}
${field('risk', 'play.rules.plinko.risk')}
${field('picks', 'play.verify.picks')}
${field('choice', 'play.choice')}
${field('mines', 'play.mines.count')}
${field('actions', 'play.verify.actions')}
<button type="submit">${t(language, 'play.verify.submit')}</button>
</form>
${verdict}
</main>`;
  return shell(language, messageOf(language, 'play.verify.title') ?? 'Verify', body, false);
}
