// The kinds of value a till setting holds. Each kind is a zod schema for the
// stored (JSON) value plus the one way to read it from text, so `pos settings
// set KEY VALUE` and any settings screen parse the same way and refuse the
// same things with the same words.

import { z } from 'zod';
import { TillError } from '../errors/index.ts';

export interface SettingKind<T> {
  /** Validates a stored or offered value; its message says what is expected. */
  schema: z.ZodType<T>;
  /** Text as typed by a person (the CLI, a form field) → the value to validate; throws TillError (invalid_input) with the reason. */
  fromText: (text: string) => unknown;
  /** How the value reads back to a person. */
  toText: (value: T) => string;
  /** Words for what is expected, shown when a value is refused. */
  expects: string;
}

const CONTROL = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Free text of at most `max` characters: trimmed, not empty, no control or bidi-override characters (it reaches printers). */
export function textKind(max: number, expects = `text of 1 to ${max} characters`): SettingKind<string> {
  return {
    schema: z
      .string({ error: expects })
      .min(1, { error: expects })
      .max(max, { error: expects })
      .refine((v) => v.trim() === v, { error: `${expects}, without leading or trailing spaces` })
      .refine((v) => !CONTROL.test(v), { error: `${expects}, without control or direction characters` }),
    fromText: (text) => text.trim(),
    toText: (value) => value,
    expects,
  };
}

/** Text matching `pattern`. */
export function patternKind(pattern: RegExp, expects: string): SettingKind<string> {
  return {
    schema: z.string({ error: expects }).regex(pattern, { error: expects }),
    fromText: (text) => text.trim(),
    toText: (value) => value,
    expects,
  };
}

/** An IANA time zone name this machine's Intl knows (Asia/Riyadh, UTC). */
export function timeZoneKind(): SettingKind<string> {
  const expects = 'an IANA time zone name like Asia/Riyadh';
  const known = (zone: string) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  };
  return {
    schema: z.string({ error: expects }).refine(known, { error: expects }),
    fromText: (text) => text.trim(),
    toText: (value) => value,
    expects,
  };
}

const TRUE_WORDS = new Set(['true', 'yes', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'off', '0']);

export function booleanKind(): SettingKind<boolean> {
  const expects = 'true or false';
  return {
    schema: z.boolean({ error: expects }),
    fromText: (text) => {
      const word = text.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      return text; // refused by the schema, with its words
    },
    toText: (value) => String(value),
    expects,
  };
}

export function integerKind(min: number, max: number): SettingKind<number> {
  const expects = `a whole number from ${min} to ${max}`;
  return {
    schema: z.number({ error: expects }).int({ error: expects }).min(min, { error: expects }).max(max, { error: expects }),
    fromText: (text) => (/^\s*-?\d{1,15}\s*$/.test(text) ? Number(text) : text),
    toText: (value) => String(value),
    expects,
  };
}

const PERCENT_TEXT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/**
 * A percentage from 0 to 100 with at most two places, kept as the decimal
 * string "15.00" (never a float: rates feed money arithmetic through
 * parseDecimal, which reads it as 1500 hundredths of a percent).
 */
export function percentKind(): SettingKind<string> {
  const expects = 'a percentage from 0 to 100 with at most two decimal places (like 15 or 12.5)';
  return {
    schema: z
      .string({ error: expects })
      .regex(/^\d{1,3}\.\d{2}$/, { error: expects })
      .refine((v) => Number(v.replace('.', '')) <= 10000, { error: expects }),
    fromText: (text) => {
      const match = PERCENT_TEXT.exec(text.trim().replace(/%$/, ''));
      if (!match) return text;
      return `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`;
    },
    toText: (value) => `${value}%`,
    expects,
  };
}

/**
 * An amount of money with at most two places, kept as the decimal string
 * "500.00" (never a float: it is read with parseDecimal into halalas).
 */
export function amountKind(max = 1_000_000): SettingKind<string> {
  const expects = `an amount from 0 to ${max} with at most two decimal places (like 500 or 250.50)`;
  const digits = String(max).length;
  const text = new RegExp(`^(\\d{1,${digits}})(?:\\.(\\d{1,2}))?$`);
  return {
    schema: z
      .string({ error: expects })
      .regex(new RegExp(`^\\d{1,${digits}}\\.\\d{2}$`), { error: expects })
      .refine((v) => Number(v.replace('.', '')) <= max * 100, { error: expects }),
    fromText: (typed) => {
      const match = text.exec(typed.trim());
      if (!match) return typed;
      return `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`;
    },
    toText: (value) => value,
    expects,
  };
}

/** A list of TCP ports, typed as "9100,9101". */
export function portListKind(): SettingKind<number[]> {
  const expects = 'a comma-separated list of TCP ports (1 to 65535), like 9100,9101';
  const port = z.number({ error: expects }).int({ error: expects }).min(1, { error: expects }).max(65535, { error: expects });
  return {
    schema: z.array(port, { error: expects }).min(1, { error: expects }).max(64, { error: expects }),
    fromText: (text) => text.split(',').map((part) => (/^\s*\d{1,5}\s*$/.test(part) ? Number(part) : part)),
    toText: (value) => value.join(','),
    expects,
  };
}

/** A path on the service, below its base URL: starts with "/", no "..", no scheme, host, query or fragment. */
export function servicePathKind(): SettingKind<string> {
  const expects = 'a path on the service starting with "/", like /orders/sync (no "..", "?", "#" or host)';
  return {
    schema: z
      .string({ error: expects })
      .max(200, { error: expects })
      .regex(/^\/(?!\/)[A-Za-z0-9._~\-/]*$/, { error: expects })
      .refine((v) => !v.split('/').includes('..'), { error: expects }),
    fromText: (text) => text.trim(),
    toText: (value) => value,
    expects,
  };
}

/** Values the till manages itself (the session, secrets): any JSON, never shown or set by hand. */
export function internalKind<T>(schema: z.ZodType<T>): SettingKind<T> {
  return {
    schema,
    fromText: () => {
      throw new TillError('invalid_input', 'is managed by the till itself and cannot be set by hand');
    },
    toText: () => '(hidden)',
    expects: 'a value the till writes itself',
  };
}

/** Names of list includes, typed as "modifiers,prices"; "" or "none" is no includes at all. */
export function includeListKind(): SettingKind<string[]> {
  const expects = 'a comma-separated list of include names (letters, digits, "_", "." or "-"), like modifiers,prices; "none" for none';
  const name = z.string({ error: expects }).regex(/^[A-Za-z][\w.-]{0,49}$/, { error: expects });
  return {
    schema: z
      .array(name, { error: expects })
      .max(16, { error: expects })
      .refine((v) => new Set(v).size === v.length, { error: `${expects}, each once` }),
    fromText: (text) => {
      const trimmed = text.trim();
      if (trimmed === '' || trimmed.toLowerCase() === 'none') return [];
      return trimmed.split(',').map((part) => part.trim());
    },
    toText: (value) => (value.length === 0 ? 'none' : value.join(',')),
    expects,
  };
}

// A shell, an interpreter or a launcher runs whatever its arguments say, and a binding's arguments are typed on a screen.
const LAUNCHER =
  /^(?:(?:ba|da|z|k|c|tc|a|fi|mk|r)?sh|busybox|toybox|env|sudo|doas|su|pkexec|nohup|setsid|timeout|nice|ionice|stdbuf|xargs|find|awk|gawk|mawk|nawk|sed|perl[\d.]*|python[\d.]*|ruby[\d.]*|php[\d.]*|lua[\d.]*|tclsh[\d.]*|wish[\d.]*|expect|node(?:js)?|deno|bun|java|osascript|cmd|powershell|pwsh|wscript|cscript|mshta|rundll32|regsvr32)$/i;

/**
 * Programs an APP_TO_APP printer may hand its bytes to, typed as
 * "/usr/bin/lp,/opt/vendor/spool": absolute paths, each once. A shell or an
 * interpreter is refused: list the driver itself, not what runs it.
 */
export function programListKind(): SettingKind<string[]> {
  const expects = 'a comma-separated list of absolute program paths (no shell or interpreter), like /usr/bin/lp,/opt/vendor/spool';
  const path = z
    .string({ error: expects })
    .max(500, { error: expects })
    .regex(/^(?:\/|[A-Za-z]:\\)[^,]*$/, { error: expects })
    .refine((v) => !CONTROL.test(v), { error: `${expects}, without control characters` })
    .refine((v) => !v.split(/[\\/]/).includes('..'), { error: `${expects}, without ".."` })
    .refine((v) => !/[\\/]$/.test(v), { error: `${expects}: a program, not a folder` })
    .refine(
      (v) =>
        !LAUNCHER.test(
          v
            .split(/[\\/]/)
            .at(-1)!
            .replace(/\.exe$/i, ''),
        ),
      {
        error: `${expects}: a shell or interpreter runs whatever it is told; list the driver program itself`,
      },
    );
  return {
    schema: z
      .array(path, { error: expects })
      .min(1, { error: expects })
      .max(16, { error: expects })
      .refine((v) => new Set(v).size === v.length, { error: `${expects}, each once` }),
    fromText: (text) => text.split(',').map((part) => part.trim()),
    toText: (value) => value.join(','),
    expects,
  };
}
