import { splitPointer } from './schema-pointer.ts';
import type { Range } from './rule-graph.ts';

export interface ErrorLocation {
  /** the value the pointer designates (undefined when it does not exist) */
  value: unknown;
  /** the nearest enclosing node in the author's words: `rule share_treasure` */
  node?: string;
  file?: string;
  range?: Range;
}

/** What an id prefix means to an author. */
const KIND_WORDS: Record<string, string> = {
  card: 'card kind',
  group: 'token group',
  derived: 'derived value',
  end: 'end condition',
};

/**
 * Walks `pointer` from `root` and reports the value there, the nearest enclosing
 * object with an `id` (or, failing that, a `name`), and the nearest provenance.
 */
export function describeLocation(root: unknown, pointer: string): ErrorLocation {
  const segments = splitPointer(pointer);
  let value: unknown = root;
  let node: string | undefined = segments.length > 0 ? segments[0] : undefined;
  let named = false;
  let file: string | undefined;
  let range: Range | undefined;
  const visit = (object: Record<string, unknown>): void => {
    const described = describeNode(object);
    if (described !== undefined && (described.byId || !named)) {
      node = described.text;
      named = described.byId;
    }
    const provenance = object.provenance;
    if (isProvenance(provenance)) {
      file = provenance.file;
      range = provenance.range;
    }
  };
  for (const segment of segments) {
    if (isObject(value) && value !== root) visit(value);
    value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[segment] : undefined;
  }
  if (isObject(value) && value !== root) visit(value);
  const location: ErrorLocation = { value };
  if (node !== undefined) location.node = node;
  if (file !== undefined) location.file = file;
  if (range !== undefined) location.range = range;
  return location;
}

function describeNode(object: Record<string, unknown>): { text: string; byId: boolean } | undefined {
  const { id, name } = object;
  if (typeof id === 'string') {
    const match = /^([a-z]+):([^@/]+)(?:@([^/]+))?(?:\/ask([0-9]+))?$/.exec(id);
    if (match === null) return { text: id, byId: true };
    const [, prefix = '', idName = '', module, ask] = match;
    const kind = KIND_WORDS[prefix] ?? prefix;
    const from = module === undefined ? '' : ` (from ${module})`;
    const owner = `${kind} ${typeof name === 'string' ? name : idName}${from}`;
    return { text: ask === undefined ? owner : `ask ${ask} of ${kind} ${idName}${from}`, byId: true };
  }
  if (typeof name === 'string') return { text: name, byId: false };
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isProvenance(value: unknown): value is { file: string; range: Range } {
  if (!isObject(value) || typeof value.file !== 'string' || !isObject(value.range)) return false;
  return isPosition(value.range.start) && isPosition(value.range.end);
}

function isPosition(value: unknown): boolean {
  return isObject(value) && typeof value.offset === 'number' && typeof value.line === 'number' && typeof value.column === 'number';
}
