// The engine's diagnostics are typed against the registry (`@houserules/schema`'s
// DiagnosticCode): a code that is not registered does not type-check. The
// `@ts-expect-error` lines below are checked by `tsc --noEmit -p packages/engine`
// (which fails if such a line type-checks); the expectations check what is built.
import { describe, expect, it } from 'vitest';
import { isDiagnosticCode } from '@houserules/schema';
import type { BoardProblemCode } from '../src/board/index.ts';
import { runError, runWarning } from '../src/run/run-errors.ts';
import type { Game } from '../src/run/game.ts';

describe('engine diagnostic codes are registered ones', () => {
  it('runError and runWarning build diagnostics with registered codes', () => {
    expect(runError('run/illegal-move', 'No.', 'why')).toEqual({ code: 'run/illegal-move', severity: 'error', message: 'No.', hint: 'why' });
    expect(runWarning('run/no-options', 'Skipped.')).toEqual({ code: 'run/no-options', severity: 'warning', message: 'Skipped.' });
    expect(isDiagnosticCode(runError('run/step-budget', '').code)).toBe(true);
  });

  it('an unregistered code does not type-check', () => {
    // @ts-expect-error: 'run/not-a-code' is not in the registry
    const unregistered = runError('run/not-a-code', 'x');
    expect(isDiagnosticCode(unregistered.code)).toBe(false);
    // Game.fail, the run error compiled code reports, takes registered codes only
    type FailCode = Parameters<Game['fail']>[0];
    const registered: FailCode = 'run/division-by-zero';
    // @ts-expect-error: not registered
    const notRegistered: FailCode = 'run/divided-by-zero';
    // the board's problem codes are registered ones; an unregistered one is no BoardProblemCode
    const board: BoardProblemCode = 'board/self-loop';
    // @ts-expect-error: not registered
    const notBoard: BoardProblemCode = 'board/loops-to-itself';
    expect([registered, notRegistered, board, notBoard].filter(isDiagnosticCode)).toEqual(['run/division-by-zero', 'board/self-loop']);
  });
});
