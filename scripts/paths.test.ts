import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { browserModels } from '../tests/e2e/paths/browser-models.ts';
import { choosePaths, describeMachine, inputText, loadModel, machineNames, parseArgs, stateText } from './paths.ts';
import { repoRoot } from './diagrams.ts';

describe('npm run paths', () => {
  it('has a model for every machine file, on the machine that file exports', async () => {
    const names = machineNames();
    expect(names).toEqual(
      readdirSync(path.join(repoRoot, 'machines'))
        .filter((f) => f.endsWith('.machine.ts'))
        .map((f) => f.replace('.machine.ts', ''))
        .sort(),
    );
    expect(names).toContain('game-list');
    for (const name of names) {
      const model = await loadModel(name);
      const exported = Object.values((await import(pathToFileURL(path.join(repoRoot, 'machines', `${name}.machine.ts`)).href)) as Record<string, unknown>);
      expect(exported, name).toContain(model.machine);
    }
  });

  it('replays in the browser the machines with a browser model', () => {
    expect(Object.keys(browserModels).sort()).toEqual(['deposit', 'game-list', 'login', 'password-reset', 'registration', 'withdraw']);
    for (const [name, model] of Object.entries(browserModels)) expect(model.name).toBe(name);
  });

  it('writes state values as their active leaves and inputs as key: value', () => {
    expect(stateText('editing')).toBe('editing');
    expect(stateText({ active: { form: 'editing', captcha: 'hidden' } })).toBe('active.form.editing, active.captcha.hidden');
    expect(stateText({ pending: 'waiting' })).toBe('pending.waiting');
    expect(inputText({ smsEnabled: true, now: () => 0 })).toBe('{smsEnabled: true, now: fn}');
    expect(inputText(undefined)).toBe('(no input)');
  });

  it('reads its arguments', () => {
    expect(parseArgs([])).toMatchObject({ machine: null, browser: false, only: null, cover: false, bound: { maxSteps: 10, maxPaths: 100 } });
    expect(parseArgs(['login', '--browser', '--only', '1,#2, 3'])).toMatchObject({ machine: 'login', browser: true, only: [1, 2, 3] });
    expect(parseArgs(['deposit', '--max-steps', '4', '--max-paths', '20']).bound).toEqual({ maxSteps: 4, maxPaths: 20 });
    expect(() => parseArgs(['login', '--only', '1'])).toThrow(/--browser/);
    expect(() => parseArgs(['--browser'])).toThrow(/needs a machine/);
    expect(() => parseArgs(['login', '--browser', '--only', 'x'])).toThrow(/positive whole number/);
    expect(() => parseArgs(['login', 'logout'])).toThrow(/one machine/);
  });

  it('lists the shortest, simple and browser paths as numbered steps', async () => {
    const lines = await describeMachine('logout');
    expect(lines[0]).toBe('logout: machines/logout.machine.ts, 4 states, 5 transitions');
    expect(lines).toContain('S1');
    expect(lines).toContain('P1');
    expect(lines.some((l) => l.startsWith('== Browser paths: none'))).toBe(true);
    const s1 = lines.indexOf('S1');
    expect(lines[s1 + 1]).toBe('    0. (start) -> idle');
    expect(lines[s1 + 2]).toMatch(/^ {4}1\. \S+ -> \S+/);
  });

  it('chooses browser paths by number or the cover set, and refuses unknown numbers', () => {
    const model = browserModels['password-reset']!;
    expect(choosePaths(model, { only: [1, 2], cover: false }).map((p) => p.number)).toEqual([1, 2]);
    expect(choosePaths(model, { only: null, cover: true }).every((p) => p.cover)).toBe(true);
    expect(choosePaths(model, { only: null, cover: false }).length).toBeGreaterThan(choosePaths(model, { only: null, cover: true }).length);
    expect(() => choosePaths(model, { only: [9999], cover: false })).toThrow(/no #9999/);
  });
});
