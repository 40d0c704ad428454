import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { type Game, gameListEndpoint } from '../../contract/games.ts';
import { launchGameEndpoint } from '../../contract/member-games.ts';
import { betRecordsEndpoint, walletEndpoint } from '../../contract/wallet.ts';
import { axeViolations } from './axe.ts';
import { freshMember, fund } from './money-support.ts';
import { expect, test, text } from './support.ts';

/** What each test's new member deposits first (₱500, in centavos): enough for its rounds, far below the ₱999,999 stake it is refused. */
const startingBalance = 500_00;

/** A new member's API session (through the real, encrypted login call), with money deposited through the local gateway. */
async function memberApi(baseURL: string) {
  const member = await freshMember(baseURL, 'play');
  await fund(baseURL, member, startingBalance);
  const { call } = member;
  return {
    call,
    balance: async () => (await call(walletEndpoint)).sumBalance,
    bets: async () => call(betRecordsEndpoint, { query: { pageNo: 1, pageSize: 20 } as never }),
    launch: async (game: Game) => (await call(launchGameEndpoint, { body: { gameId: game.gameId } })).url,
    games: async (query: Record<string, unknown>) =>
      (await call(gameListEndpoint, { query: { pageNo: 1, pageSize: 25, ...query } as never })).games.filter((g) => g.nodeId && g.isGameH5 !== 'VASSALAGE'),
  };
}

/** Serious or critical WCAG 2.1 A/AA violations of the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** "₱4,998.50" -> 499850 */
const minor = (shown: string) => Math.round(Number(shown.replace(/[^\d.-]/g, '')) * 100);

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));
  return violations;
}

/** The newest round of the page's history ("Your rounds"). */
const newestRound = (page: Page) => page.locator('#history li.round').first();

async function playRound(page: Page, stake: string, action: string) {
  const before = minor((await page.locator('#balance').textContent()) ?? '');
  const nonce = page.locator('#nonce');
  const previousNonce = (await nonce.count()) > 0 ? await nonce.textContent() : null;
  const previousRound = (await newestRound(page).count()) > 0 ? await newestRound(page).getAttribute('data-round-id') : null;
  await page.getByLabel(text('play.stake')).fill(stake);
  await page.getByRole('button', { name: action }).click();
  await expect(newestRound(page)).toHaveAttribute('data-round-id', /./);
  if (previousRound !== null) await expect(newestRound(page)).not.toHaveAttribute('data-round-id', previousRound);
  await expect(page.locator('#last-stake')).toHaveText(`₱${stake}`);
  if (previousNonce !== null) await expect(nonce).not.toHaveText(previousNonce);
  await expect(page.locator('#play')).not.toHaveAttribute('aria-busy', 'true');
  const win = minor((await page.locator('#last-win').textContent()) ?? '');
  const after = minor((await page.locator('#balance').textContent()) ?? '');
  expect(after).toBe(before - minor(stake) + win);
  return { before, after, win };
}

test.describe('playable games', () => {
  test('a member plays an in-house game and a vendor game; the page, the rounds and the wallet agree', async ({ page, baseURL, context }) => {
    const violations = watchCsp(page);
    const api = await memberApi(baseURL!);
    const inhouse = (await api.games({ gameType: 'RNG', vassalage: 'BGS', pageSize: 50 })).find((g) => g.gameName === 'Diamonds')!;
    const vendorGame = (await api.games({ gameType: 'RNG' })).find((g) => g.vassalage !== 'BGS')!;

    // An in-house game (provably fair)
    const opening = await api.balance();
    const profitBefore = (await api.bets()).summary.profit;
    await page.goto(await api.launch(inhouse));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(inhouse.gameName);
    await expect(page.locator('#balance')).toHaveAttribute('data-amount', String(opening));
    // The rules are on the page; the fairness proof waits, closed, behind "Verify fairness".
    await expect(page.getByRole('heading', { name: text('play.rules.title') })).toBeVisible();
    await expect(page.getByText(text('play.rules.rtp', { rtp: '98.29' }))).toBeVisible();
    const commitmentHash = page.locator('#commitment');
    await expect(commitmentHash).toBeHidden();
    await expect(page.getByLabel(text('play.clientSeed'))).toBeHidden();
    await page.getByText(text('play.fair.title'), { exact: true }).click();
    await expect(commitmentHash).toBeVisible();
    const commitment = (await commitmentHash.textContent())!;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    await page.getByLabel(text('play.clientSeed')).fill('e2e-client-seed');
    const first = await playRound(page, '2.00', text('play.play'));
    expect(first.before).toBe(opening);
    await expect(page.locator('.diamonds-row .gem')).toHaveCount(5);
    // The round's proof opens under "Check this round": its revealed seed matches the hash shown before it.
    const revealedSeed = page.locator('#last-server-seed');
    await expect(revealedSeed).toBeHidden();
    await newestRound(page).getByText(text('play.proof.title'), { exact: true }).click();
    await expect(revealedSeed).toBeVisible();
    const revealed = (await revealedSeed.textContent())!;
    expect(createHash('sha256').update(revealed).digest('hex')).toBe(commitment);
    await expect(newestRound(page).getByText('e2e-client-seed', { exact: true })).toBeVisible();
    const second = await playRound(page, '1.00', text('play.play'));
    await expect(page.locator('#history li.round')).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await api.balance()).toBe(second.after);

    // The player verifies the last round on the verification page, from its proof.
    await newestRound(page).getByText(text('play.proof.title'), { exact: true }).click();
    const [verify] = await Promise.all([context.waitForEvent('page'), newestRound(page).getByRole('link', { name: text('play.verify') }).click()]);
    await expect(verify.getByText(text('play.verify.hashOk'))).toBeVisible();
    expect(await seriousViolations(verify)).toEqual([]);

    // A third-party vendor game in the local sandbox, through the signed seamless wallet.
    await page.goto(await api.launch(vendorGame));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(vendorGame.gameName);
    await expect(page.getByText(vendorGame.vendorName, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: text('play.rules.title') })).toBeVisible();
    await expect(page.locator('#fair')).toHaveCount(0);
    await expect(page.locator('#balance')).toHaveAttribute('data-amount', String(second.after));
    const stake = (Math.max(vendorGame.minBet, 100) / 100).toFixed(2);
    const third = await playRound(page, stake, text('play.play'));
    expect(third.before).toBe(second.after);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await api.balance()).toBe(third.after);

    // A stake above the balance is refused and changes nothing.
    await page.getByLabel(text('play.stake')).fill('999999.00');
    await page.getByRole('button', { name: text('play.play') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('play.error.balance'));
    expect(await api.balance()).toBe(third.after);

    // The bet record shows the three rounds, and their net equals the wallet's change.
    const records = await api.bets();
    expect(records.list.slice(0, 3).map((b) => [b.vendorCode, b.stake, b.win, b.status])).toEqual([
      [vendorGame.vassalage, minor(stake), third.win, 'settled'],
      ['BGS', 100, second.win, 'settled'],
      ['BGS', 200, first.win, 'settled'],
    ]);
    expect(records.list[0]!.gameName).toBe(vendorGame.gameName);
    expect(records.summary.profit - profitBefore).toBe(third.after - opening);

    await page.getByRole('link', { name: text('play.back') }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    expect(violations).toEqual([]);
  });

  test('dice and crash take their target from the page', async ({ page, baseURL }) => {
    const violations = watchCsp(page);
    const api = await memberApi(baseURL!);
    const bgs = await api.games({ gameType: 'RNG', vassalage: 'BGS', pageSize: 50 });
    const dice = bgs.find((g) => /dice/i.test(g.gameName))!;
    const crash = bgs.find((g) => g.gameClassify === 'CRASH')!;

    await page.goto(await api.launch(dice));
    await page.getByLabel(text('play.target.dice')).fill('25.00');
    const rolled = await playRound(page, (Math.max(dice.minBet, 100) / 100).toFixed(2), text('play.roll'));
    await expect(page.locator('#board')).toContainText(text('play.dice.under', { target: '25.00' }));
    expect(await api.balance()).toBe(rolled.after);

    await page.goto(await api.launch(crash));
    await page.getByLabel(text('play.target.crash')).fill('1.50');
    const crashed = await playRound(page, (Math.max(crash.minBet, 100) / 100).toFixed(2), text('play.bet'));
    await expect(page.locator('#board')).toContainText(text('play.crash.target', { target: '1.50' }));
    expect(await api.balance()).toBe(crashed.after);
    expect(violations).toEqual([]);
  });

  test('Plinko drops with the chosen risk and rows, Keno draws against the numbers picked, Coin Flip plays the call, Mines opens the tiles picked, Tower climbs, Mini Roulette spins, Mini Baccarat deals, Diamonds draws', async ({ page, baseURL }) => {
    const violations = watchCsp(page);
    const api = await memberApi(baseURL!);
    const bgs = await api.games({ gameType: 'RNG', vassalage: 'BGS', pageSize: 50 });
    const plinko = bgs.find((g) => g.gameName === 'Plinko')!;
    const keno = bgs.find((g) => g.gameName === 'Keno')!;

    await page.goto(await api.launch(plinko));
    await page.getByLabel(text('play.rules.plinko.risk')).selectOption('high');
    await page.getByLabel(text('play.rules.plinko.rows')).selectOption('12');
    const dropped = await playRound(page, (Math.max(plinko.minBet, 100) / 100).toFixed(2), text('play.drop'));
    // Twelve rows: thirteen slots, one of them where the ball landed, and its multiplier is what the round paid.
    await expect(page.locator('.plinko-slot')).toHaveCount(13);
    await expect(page.locator('.plinko-slot.landed')).toHaveCount(1);
    expect(await api.balance()).toBe(dropped.after);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(await api.launch(keno));
    // No number picked: the page asks for one and plays nothing.
    const before = await api.balance();
    await page.getByRole('button', { name: text('play.draw') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('play.error.picks'));
    for (const n of ['7', '13', '21', '34']) await page.getByRole('checkbox', { name: n, exact: true }).check();
    const drawn = await playRound(page, (Math.max(keno.minBet, 100) / 100).toFixed(2), text('play.draw'));
    expect(drawn.before).toBe(before);
    await expect(page.locator('.keno-ball')).toHaveCount(10);
    const hits = await page.locator('.keno-ball.hit').allTextContents();
    expect(hits.every((n) => ['7', '13', '21', '34'].includes(n))).toBe(true);
    await expect(page.locator('#board')).toContainText(text('play.keno.hits', { hits: String(hits.length), picks: '4' }));
    expect(await api.balance()).toBe(drawn.after);
    expect(await seriousViolations(page)).toEqual([]);

    // Coin Flip: the player calls tails; the board says what was called and where the coin landed.
    const coin = bgs.find((g) => g.gameName === 'Coin Flip')!;
    await page.goto(await api.launch(coin));
    await page.getByRole('radio', { name: text('play.choice.tails') }).check();
    const flipped = await playRound(page, (Math.max(coin.minBet, 100) / 100).toFixed(2), text('play.flip'));
    await expect(page.locator('#board')).toContainText(text('play.coinflip.call', { side: text('play.choice.tails') }));
    expect(flipped.win === 0 || flipped.win === Math.floor((Math.max(coin.minBet, 100) * 194) / 100)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Mines: 24 mines leave one tile to open at most; with 5 mines the player opens tiles 1, 2 and 3.
    const mines = bgs.find((g) => g.gameName === 'Mines')!;
    await page.goto(await api.launch(mines));
    await page.getByRole('combobox', { name: text('play.mines.count') }).selectOption('24');
    await page.getByRole('checkbox', { name: '1', exact: true }).check();
    await expect(page.getByRole('checkbox', { name: '2', exact: true })).toBeDisabled();
    await page.getByRole('combobox', { name: text('play.mines.count') }).selectOption('5');
    for (const n of ['2', '3']) await page.getByRole('checkbox', { name: n, exact: true }).check();
    const opened = await playRound(page, (Math.max(mines.minBet, 100) / 100).toFixed(2), text('play.open'));
    await expect(page.locator('.mines-cell')).toHaveCount(25);
    await expect(page.locator('.mines-cell.mine')).toHaveCount(5);
    await expect(page.locator('.mines-cell.picked')).toHaveCount(3);
    const minedPick = await page.locator('.mines-cell.picked.mine').count();
    expect(opened.win > 0).toBe(minedPick === 0);
    expect(await api.balance()).toBe(opened.after);
    expect(await seriousViolations(page)).toEqual([]);

    // Tower at high risk (2 tiles a floor): the player climbs 2 floors.
    const tower = bgs.find((g) => g.gameName === 'Tower')!;
    await page.goto(await api.launch(tower));
    await page.getByRole('combobox', { name: text('play.rules.plinko.risk') }).selectOption('high');
    await expect(page.getByRole('radio', { name: text('play.tower.cell', { floor: '1', tile: '3' }) })).toBeHidden();
    await page.getByRole('radio', { name: text('play.tower.cell', { floor: '1', tile: '2' }) }).check();
    await page.getByRole('radio', { name: text('play.tower.cell', { floor: '2', tile: '1' }) }).check();
    const climbed = await playRound(page, (Math.max(tower.minBet, 100) / 100).toFixed(2), text('play.climb'));
    await expect(page.locator('.tower-row')).toHaveCount(8);
    await expect(page.locator('.tower-cell.picked')).toHaveCount(2);
    await expect(page.locator('.tower-cell.trap')).toHaveCount(8);
    expect(climbed.win > 0).toBe((await page.locator('.tower-cell.hit').count()) === 0);
    expect(await api.balance()).toBe(climbed.after);
    expect(await seriousViolations(page)).toEqual([]);

    // Mini Roulette: a bet on number 7 pays 12x when the ball lands there.
    const roulette = bgs.find((g) => g.gameName === 'Mini Roulette')!;
    await page.goto(await api.launch(roulette));
    await page.getByRole('radio', { name: text('play.choice.number') }).check();
    await page.getByRole('combobox', { name: text('play.roulette.number') }).selectOption('7');
    const spun = await playRound(page, (Math.max(roulette.minBet, 100) / 100).toFixed(2), text('play.spin'));
    const pocket = Number(await page.locator('#board .big').textContent());
    expect(spun.win).toBe(pocket === 7 ? Math.max(roulette.minBet, 100) * 12 : 0);
    expect(await seriousViolations(page)).toEqual([]);

    // Mini Baccarat: a bet on the Banker; the board shows both hands.
    const baccarat = bgs.find((g) => g.gameName === 'Mini Baccarat')!;
    await page.goto(await api.launch(baccarat));
    await page.getByRole('radio', { name: text('play.choice.banker') }).check();
    const dealt = await playRound(page, (Math.max(baccarat.minBet, 100) / 100).toFixed(2), text('play.deal'));
    await expect(page.locator('.baccarat-hand')).toHaveCount(2);
    expect(await page.locator('#board .card').count()).toBeGreaterThanOrEqual(4);
    const stake = Math.max(baccarat.minBet, 100);
    expect([0, stake, Math.floor((stake * 195) / 100)]).toContain(dealt.win);
    expect(await seriousViolations(page)).toEqual([]);

    // Diamonds: five gems, and the hand they make.
    const diamonds = bgs.find((g) => g.gameName === 'Diamonds')!;
    await page.goto(await api.launch(diamonds));
    await playRound(page, (Math.max(diamonds.minBet, 100) / 100).toFixed(2), text('play.play'));
    await expect(page.locator('#board .gem')).toHaveCount(5);
    expect(await seriousViolations(page)).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('Ladder, Penalty Goal, Cryptos and Twist play their call; HiLo, Video Poker and Blackjack deal a hand the player plays out, which a reload keeps', async ({ page, baseURL }) => {
    const violations = watchCsp(page);
    const api = await memberApi(baseURL!);
    const bgs = await api.games({ gameType: 'RNG', vassalage: 'BGS', pageSize: 50 });
    const game = (name: string) => bgs.find((g) => g.gameName === name)!;
    const stakeOf = (name: string) => (Math.max(game(name).minBet, 100) / 100).toFixed(2);

    await page.goto(await api.launch(game('Ladder')));
    await page.getByRole('radio', { name: text('play.choice.four') }).check({ force: true });
    await playRound(page, stakeOf('Ladder'), text('play.play'));
    await expect(page.locator('.ladder-rung')).toHaveCount((await page.locator('.ladder-board.rungs-3').count()) ? 3 : 4);

    await page.goto(await api.launch(game('Penalty Goal')));
    await page.getByLabel(text('play.rules.plinko.risk')).selectOption('medium');
    await page.getByRole('radio', { name: text('play.penalty.zone.2') }).check({ force: true });
    await playRound(page, stakeOf('Penalty Goal'), text('play.shoot'));
    await expect(page.locator('.penalty-cell.saved')).toHaveCount(3);
    await expect(page.locator('.penalty-cell.shot')).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(await api.launch(game('Cryptos')));
    await page.getByRole('radio', { name: text('play.choice.down') }).check({ force: true });
    await playRound(page, stakeOf('Cryptos'), text('play.bet'));
    await expect(page.locator('.cryptos-tick')).toHaveCount(15);

    await page.goto(await api.launch(game('Twist')));
    await page.getByLabel(text('play.rules.plinko.risk')).selectOption('high');
    const twisted = await playRound(page, stakeOf('Twist'), text('play.spin'));
    expect([0, Math.floor((minor(stakeOf('Twist')) * 1_940) / 100)]).toContain(twisted.win);

    // Video Poker: the deal takes the stake and waits; the cards tapped are kept through the draw.
    await page.goto(await api.launch(game('Video Poker')));
    const opening = await api.balance();
    await page.getByLabel(text('play.stake')).fill(stakeOf('Video Poker'));
    await page.getByRole('button', { name: text('play.deal') }).click();
    const toggles = page.locator('#board .hold-toggle');
    await expect(toggles).toHaveCount(5);
    await expect(page.getByRole('button', { name: text('play.deal') })).toBeDisabled();
    expect(await api.balance()).toBe(opening - minor(stakeOf('Video Poker')));
    const kept = [(await toggles.nth(0).textContent())!, (await toggles.nth(3).textContent())!].map((s) => s.replace(text('play.held'), ''));
    await toggles.nth(0).click();
    await toggles.nth(3).click();
    await expect(toggles.nth(0)).toHaveAttribute('aria-pressed', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    // A reload keeps the hand in play.
    await page.reload();
    await expect(page.locator('#board .hold-toggle')).toHaveCount(5);
    await toggles.nth(0).click();
    await toggles.nth(3).click();
    await page.getByRole('button', { name: text('play.action.draw') }).click();
    await expect(newestRound(page)).toHaveAttribute('data-round-id', /./);
    await expect(page.locator('#board .card.kept')).toHaveCount(2);
    expect([(await page.locator('#board .card').nth(0).textContent())!, (await page.locator('#board .card').nth(3).textContent())!]).toEqual(kept);
    await expect(page.getByRole('button', { name: text('play.deal') })).toBeEnabled();
    const win = minor((await page.locator('#last-win').textContent()) ?? '');
    expect(await api.balance()).toBe(opening - minor(stakeOf('Video Poker')) + win);

    // Blackjack: stand on the first two cards (a blackjack at the deal ends the hand at once).
    await page.goto(await api.launch(game('Blackjack 21')));
    await page.getByLabel(text('play.stake')).fill(stakeOf('Blackjack 21'));
    await page.getByRole('button', { name: text('play.deal') }).click();
    const stand = page.getByRole('button', { name: text('play.action.stand') });
    await expect(stand.or(newestRound(page))).toBeVisible();
    if (await stand.isVisible()) {
      await expect(page.locator('#board .card.hole')).toHaveCount(1);
      await stand.click();
    }
    await expect(newestRound(page)).toHaveAttribute('data-round-id', /./);
    await expect(page.locator('#board .card.hole')).toHaveCount(0);
    await expect(page.locator('#board .big')).toHaveText(/./);

    // HiLo: skip a card, then cash out with nothing called: the stake comes back.
    await page.goto(await api.launch(game('HiLo')));
    const before = await api.balance();
    await page.getByLabel(text('play.stake')).fill(stakeOf('HiLo'));
    await page.getByRole('button', { name: text('play.deal') }).click();
    // Skip and cash out, and higher or lower or both (no higher on a king, no lower on an ace).
    await expect(page.getByRole('button', { name: text('play.action.skip') })).toBeEnabled();
    await expect(page.locator('#step-actions button:enabled')).toHaveCount((await page.locator('#board .big').textContent())!.match(/^[AK]/) ? 3 : 4);
    await page.getByRole('button', { name: text('play.action.skip') }).click();
    await expect(page.locator('.hilo-history .card')).toHaveCount(1);
    await page.getByRole('button', { name: text('play.action.cashout') }).click();
    await expect(newestRound(page).locator('.outcome')).toHaveText(text('play.hilo.returned'));
    expect(await api.balance()).toBe(before);
    expect(await seriousViolations(page)).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('a round whose answer is lost is sent again with the same round key: one bet, one charge', async ({ page, baseURL }) => {
    const violations = watchCsp(page);
    const api = await memberApi(baseURL!);
    const vendorGame = (await api.games({ gameType: 'RNG' })).find((g) => g.vassalage !== 'BGS')!;
    await page.goto(await api.launch(vendorGame));
    const opening = await api.balance();
    const betsBefore = (await api.bets()).list.length;
    // The first answer is lost on the way back (the server did play the round); the retry must not play another.
    const keys: string[] = [];
    let dropped = false;
    await page.route('**/play/*/round', async (route) => {
      keys.push((route.request().postDataJSON() as { roundKey: string }).roundKey);
      const response = await route.fetch();
      if (!dropped) {
        dropped = true;
        await route.abort('failed');
      } else {
        await route.fulfill({ response });
      }
    });
    const stake = (Math.max(vendorGame.minBet, 110) / 100).toFixed(2);
    const round = await playRound(page, stake, text('play.play'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(round.before).toBe(opening);
    expect(await api.balance()).toBe(round.after);
    const records = await api.bets();
    expect(records.list.length - betsBefore).toBe(1);
    expect(records.list[0]).toMatchObject({ stake: minor(stake), win: round.win });

    // The next round is a new one with a new key; an amount with more decimals than the currency has is refused on the page.
    await page.unroute('**/play/*/round');
    const next = await playRound(page, stake, text('play.play'));
    expect(next.before).toBe(round.after);
    await page.getByLabel(text('play.stake')).fill('1.005');
    await page.getByRole('button', { name: text('play.play') }).click();
    await expect(page.getByRole('alert')).toHaveText(text('play.error.amount'));
    expect(await api.balance()).toBe(next.after);
    expect(violations).toEqual([]);
  });

  test('an unknown game session shows a page that leads back to the lobby', async ({ page }) => {
    await page.goto(`/play/${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('play.error.title'));
    await expect(page.getByRole('link', { name: text('play.back') })).toHaveAttribute('href', '/m/home');
  });
});
