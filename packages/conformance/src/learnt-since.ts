import type { Game, LogEntry } from '@houserules/engine';
import { LogWords } from './log-words.ts';

/**
 * The undo rule of `play` in the terminal and of the playground's Play view (docs/cli.md, "Undo stops where
 * you learnt something"): a seat may take back its answers only as far as nothing that was hidden from it
 * when it answered has come to light since — no die rolled, no chance pick, no card revealed, drawn where it
 * sees it or shown to it, no other seat's secret answer revealed. Otherwise undo would be a way to peek:
 * answer, see the card, take the answer back. What bots do in answer to a public move is not hidden (a bot
 * answers a state the same way every time), so it does not stop an undo.
 */

/** A moment of a game to go back to: where its log was, and the answers committed in secret and not yet revealed. */
export interface PlayMark {
  readonly logLength: number;
  /** each committed answer that some seats may not read: its seat, its log entry, the seats that may read it */
  readonly unrevealed: readonly { seat: number; entry: LogEntry; readers: number }[];
}

/** What came to light for a seat since a mark: in words (`a card was revealed`), and in which round. */
export interface Learnt {
  what: string;
  round: number;
}

/** The mark of the game as it is now (take it before a seat answers, to check later whether that answer may be taken back). */
export function playMark(game: Game): PlayMark {
  return { logLength: game.log.length, unrevealed: unrevealedAnswers(game) };
}

/** What `seat` has learnt since `mark` that none of its own answers decided, or null when it may go back there. */
export function learntSince(game: Game, seat: number, mark: PlayMark): Learnt | null {
  const log = game.log;
  const sees = (mask: number | undefined): boolean => mask !== undefined && seat >= 0 && (mask & (1 << seat)) !== 0;
  for (let k = mark.logLength; k < log.length; k++) {
    const e = log[k]!;
    const what = cameToLight(e, sees(game.logSecrets.get(e)));
    if (what !== null) return { what, round: e.round };
  }
  // Secret answers committed then, by others, that this seat could not read: revealed once their group resolved
  // (one that writes a secret var never is).
  for (const u of mark.unrevealed) {
    if (u.seat === seat || sees(u.readers) || !game.mayRead(u.entry, seat)) continue;
    return { what: `${new LogWords(game.lg, game).seat(u.seat)}’s secret answer was revealed`, round: game.round };
  }
  return null;
}

/** What a log entry brings to light for a seat (`seen`: the entry's secret part is the seat's to read), or null. */
function cameToLight(e: LogEntry, seen: boolean): string | null {
  switch (e.event) {
    case '$roll':
      return 'dice were rolled';
    case '$pick':
      return 'chance picked';
    case '$reveal':
      // face up: everybody sees it; face down: only where the seat sees the card arrive
      return e.data['hidden'] !== true ? 'a card was revealed' : seen ? 'a card came to you face down' : null;
    case '$show':
      return seen ? 'a card was shown to you' : null;
    default:
      return null;
  }
}

/** The answers committed now, and not yet resolved, that some seat may not read. */
function unrevealedAnswers(game: Game): { seat: number; entry: LogEntry; readers: number }[] {
  return [...game.unresolvedAnswers()].flatMap((entry) => {
    const readers = game.logSecrets.get(entry);
    return readers === undefined ? [] : [{ seat: Number(entry.data['seat']), entry, readers }];
  });
}
