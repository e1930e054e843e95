// The kitchen display's two small rules (issue 21, part 4): which bump bar
// key does what, and when a ticket's age turns amber and red.
import { describe, expect, it } from 'vitest';
import { bumpBarAction, type KeyPress } from '../../../src-renderer/kitchen/bump-bar-keys.ts';
import { ticketAge } from '../../../src-renderer/kitchen/ticket-age.ts';

const press = (key: string, code: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, code, altKey: false, ctrlKey: false, metaKey: false, ...mods });

describe('the bump bar', () => {
  it('1–9 select by position, on the main row and the keypad', () => {
    expect(bumpBarAction(press('1', 'Digit1'))).toEqual({ kind: 'select', position: 1 });
    expect(bumpBarAction(press('9', 'Numpad9'))).toEqual({ kind: 'select', position: 9 });
    // An Arabic layout may type Arabic-Indic digits: the key's position still counts.
    expect(bumpBarAction(press('٣', 'Digit3'))).toEqual({ kind: 'select', position: 3 });
  });

  it('Enter bumps, 0 recalls, anything else (or with a modifier) is not the bump bar’s', () => {
    expect(bumpBarAction(press('Enter', 'Enter'))).toEqual({ kind: 'bump' });
    expect(bumpBarAction(press('Enter', 'NumpadEnter'))).toEqual({ kind: 'bump' });
    expect(bumpBarAction(press('0', 'Numpad0'))).toEqual({ kind: 'recall' });
    expect(bumpBarAction(press('0', 'Digit0'))).toEqual({ kind: 'recall' });
    expect(bumpBarAction(press('a', 'KeyA'))).toBeNull();
    expect(bumpBarAction(press('Tab', 'Tab'))).toBeNull();
    expect(bumpBarAction(press('l', 'KeyL', { altKey: true }))).toBeNull();
    expect(bumpBarAction(press('1', 'Digit1', { ctrlKey: true }))).toBeNull();
  });
});

describe('a ticket’s age', () => {
  const made = 1_800_000_000_000;
  const at = (minutes: number, seconds = 0) => made + minutes * 60_000 + seconds * 1000;

  it('counts whole minutes, and turns warn at warn_minutes and late at late_minutes', () => {
    expect(ticketAge(made, at(0, 59), 10, 20)).toEqual({ minutes: 0, tone: 'fresh' });
    expect(ticketAge(made, at(9, 59), 10, 20)).toEqual({ minutes: 9, tone: 'fresh' });
    expect(ticketAge(made, at(10), 10, 20)).toEqual({ minutes: 10, tone: 'warn' });
    expect(ticketAge(made, at(19, 59), 10, 20)).toEqual({ minutes: 19, tone: 'warn' });
    expect(ticketAge(made, at(20), 10, 20)).toEqual({ minutes: 20, tone: 'late' });
  });

  it('is never negative when the display’s clock is behind the hub’s', () => {
    expect(ticketAge(made, made - 30_000, 10, 20)).toEqual({ minutes: 0, tone: 'fresh' });
  });
});
