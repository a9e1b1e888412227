// The primitives every setting is read with (config.ts, tls/settings.ts): one named error, one way to read a variable
// with its default, and the common value parsers.

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(readonly setting: string, detail: string) {
    super(`Invalid setting ${setting}: ${detail}`);
    this.name = 'ConfigError';
  }
}

/** '12h', '30m', '45s', '2d' or a number of seconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] ?? ''] ?? 1;
  const seconds = Number(match[1]) * unit;
  return seconds > 0 ? seconds : undefined;
}

/** The variable `name`, parsed, or `fallback` when unset or empty; a value that does not parse is a ConfigError. */
export function setting<T>(env: Env, name: string, fallback: T, parse: (raw: string) => T | undefined, expected: string): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = parse(raw);
  if (value === undefined) throw new ConfigError(name, `expected ${expected}, got '${raw}'`);
  return value;
}

export const port = (raw: string): number | undefined => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : undefined;
};

/** A whole number of at least `min` (limits and counts). */
export const integerAtLeast = (min: number) => (raw: string): number | undefined => {
  const n = /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : undefined;
  return n !== undefined && n >= min ? n : undefined;
};
