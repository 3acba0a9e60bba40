import { MAX_SUGGESTION_CANDIDATES } from './budgets.ts';

/** Levenshtein distance, bounded: gives up (returns limit + 1) once every path exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** The candidates closest to `name` (a third of its length in edits, at least 1, at most 3), best first. */
export function nearNames(name: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  const scored: { name: string; distance: number }[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.size >= MAX_SUGGESTION_CANDIDATES) break;
    if (candidate === name || seen.has(candidate)) continue;
    seen.add(candidate);
    const distance = editDistance(name, candidate, limit);
    if (distance <= limit) scored.push({ name: candidate, distance });
  }
  scored.sort((x, y) => x.distance - y.distance || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  return scored.slice(0, max).map((s) => s.name);
}

/** "did you mean `in_cave`?" or undefined when nothing is close. */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const near = nearNames(name, candidates);
  if (near.length === 0) return undefined;
  return `did you mean ${near.map((n) => `\`${n}\``).join(' or ')}?`;
}
