import { nearNames } from '@houserules/compiler/suggest-name';
import { printable } from '@houserules/schema';
import { parseArgs, type ParseArgsConfig } from 'node:util';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

export interface ParsedCommandArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export type ArgsResult = { ok: true; args: ParsedCommandArgs } | { ok: false; message: string };

/**
 * `node:util` parseArgs, with its exceptions for unknown or malformed options
 * turned into a message the command prints (exit 2) instead of a stack trace.
 */
export function parseCommandArgs(argv: string[], options: OptionsConfig): ArgsResult {
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { ok: true, args: { values: parsed.values as ParsedCommandArgs['values'], positionals: parsed.positionals } };
  } catch (error) {
    return { ok: false, message: argsErrorMessage(error, options) };
  }
}

/** Node's message for an unknown option made short, with the options it is close to. */
function argsErrorMessage(error: unknown, options: OptionsConfig): string {
  const message = error instanceof Error ? error.message : String(error);
  if ((error as { code?: string } | null)?.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return message;
  const given = /^Unknown option '([^']*)'/.exec(message)?.[1] ?? '';
  const known = [...Object.keys(options), 'help'].map((name) => `--${name}`);
  const near = nearNames(given.startsWith('--') ? given : `--${given.replace(/^-+/, '')}`, known);
  const hint = near.length > 0 ? ` (did you mean ${near.join(' or ')}?)` : '';
  return `unknown option ${printable(given)}${hint}; --help lists the options`;
}

export function stringOption(args: ParsedCommandArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

export function listOption(args: ParsedCommandArgs, name: string): string[] {
  const v = args.values[name];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}

export function flag(args: ParsedCommandArgs, name: string): boolean {
  return args.values[name] === true;
}

/** A non-negative integer option; `undefined` when absent, an error message when malformed. */
export function integerOption(
  args: ParsedCommandArgs,
  name: string,
  min: number,
): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const raw = stringOption(args, name);
  if (raw === undefined) return { ok: true, value: undefined };
  if (!/^-?\d+$/.test(raw.trim())) return { ok: false, message: `--${name} expects an integer, got "${raw}"` };
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) return { ok: false, message: `--${name} must be an integer ≥ ${min}, got ${raw}` };
  return { ok: true, value };
}

/**
 * Several integer options at once, each with its least value (`{ players: 1, seed: 0 }`): their values
 * (`undefined` when absent), or the message of the first one that is malformed, in the order given.
 */
export function integerOptions<K extends string>(
  args: ParsedCommandArgs,
  least: Record<K, number>,
): { ok: true; values: Record<K, number | undefined> } | { ok: false; message: string } {
  const values = {} as Record<K, number | undefined>;
  for (const name of Object.keys(least) as K[]) {
    const n = integerOption(args, name, least[name]);
    if (!n.ok) return n;
    values[name] = n.value;
  }
  return { ok: true, values };
}
