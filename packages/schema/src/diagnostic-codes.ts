/**
 * The registry of diagnostic codes: every code any phase reports, with a
 * one-line description. It is the one place a code is defined. The docs' code
 * table (docs/language.md, "Diagnostics") is generated from it, and a test
 * (packages/schema/test/diagnostic-codes.test.ts) scans every package's and
 * app's `src/` and fails on a code that is not listed here.
 *
 * To add a code: add a line below, in its namespace, in alphabetical order;
 * then run `npx tsx packages/schema/scripts/write-code-table.ts` to refresh the
 * docs. Codes are stable: rename one only with a note in the change log.
 */

/** What each namespace reports, in the order the docs list them. */
export const DIAGNOSTIC_NAMESPACES = {
  parse: 'lexing and parsing: unexpected or missing words, bad literals',
  format: 'the formatter: what it cannot print back as it was written',
  module: 'loading modules: missing files or modules, import cycles',
  resolve: 'names: unknown names, duplicates, overrides of nothing, files outside the project',
  type: 'types and arity: a number where a bool is needed, wrong argument count',
  order: 'firing order: `before`/`after` cycles',
  flow: 'the flow: unknown phases, `until` naming no action',
  board: 'boards: hexes, spots and paths that do not fit together',
  limit: 'budgets: a file, a declared size, a nesting or a count beyond what the tools accept (docs/safety.md, "Budgets")',
  lint: 'warnings: unused declarations, rules that can never fire',
  schema: 'the rule graph failed its JSON Schema (from the compiler, a compiler bug; from a file, a bad graph)',
  compiler: 'the compiler itself failed (a bug; please report it)',
  run: 'running a game: illegal moves, insufficient tokens, budgets, invariants',
  test: 'a failing `test` block',
  cli: 'the command line: files it cannot read or write, malformed logs, internal errors',
  play: 'playing a game in the playground: a move for a bot’s seat, an option that is not there, a game log that cannot be opened',
  diff: 'comparing two printings (`houserules diff`): inputs that cannot be compared, a search that ran out of budget',
} as const satisfies Record<string, string>;

export type DiagnosticNamespace = keyof typeof DIAGNOSTIC_NAMESPACES;

/** Every diagnostic code, mapped to what it means. */
export const DIAGNOSTIC_CODES = {
  // ── parse ──
  'parse/chained-comparison': 'comparisons chained without brackets (`a < b < c`)',
  'parse/expected-declaration': 'a word at the top level that starts no declaration',
  'parse/internal-error': 'the parser failed (a bug; please report it)',
  'parse/invalid-escape': 'a backslash escape a string does not allow',
  'parse/invalid-number': 'a malformed number literal',
  'parse/misplaced-module-header': 'a `module` header that is not the first item of the file',
  'parse/missing-token': 'a word or symbol the grammar needs here is missing',
  'parse/not-per-site': 'a zone or derived value declared `per hex|corner|edge`',
  'parse/too-deeply-nested': 'one declaration nested more than 200 deep (brackets, blocks, chained `else if` or operators)',
  'parse/unexpected-character': 'a character that starts no word of the language',
  'parse/unexpected-token': 'a word or symbol the grammar does not allow here',
  'parse/unknown-aggregate': 'an aggregate the language does not have (`total(x in …)`)',
  'parse/unterminated-comment': 'a block comment that never ends',
  'parse/unterminated-string': 'a string that never ends on its line',
  // ── format ──
  'format/unsupported-comment': 'a comment where the formatter cannot keep it, so the file is left as it is',
  // ── module ──
  'module/cycle': 'modules that import or extend each other in a cycle',
  'module/not-a-rules-file': 'an `import` or `extends` naming a file that does not end in `.rules` (nothing is read)',
  'module/not-found': 'an `import` or `extends` naming no file or module',
  // ── resolve ──
  'resolve/ambiguous-board': 'a bare `hexes`, `corners` or `edges` where several boards are declared',
  'resolve/duplicate': 'a name declared twice in one scope',
  'resolve/needs-card': 'a per-card value used without saying which card',
  'resolve/needs-player': 'a per-player value used without saying whose',
  'resolve/needs-site': 'a per-site var or pool used without saying which site',
  'resolve/nested-variant': 'a variant declared inside another variant',
  'resolve/not-a-pool': 'a move of tokens from or to something that is not a pool',
  'resolve/not-a-zone': 'a card operation on something that is not a zone',
  'resolve/outside-project': 'an `import`, `extends` or log naming a file outside the project root (nothing is read)',
  'resolve/self-outside-player': '`self` where no per-player value or policy gives it a meaning (a rule, an action, a ranking…)',
  'resolve/reserved-name': 'a name JavaScript objects reserve (`__proto__`, `constructor`, `prototype`)',
  'resolve/unknown-event': 'an event no declaration or built-in provides',
  'resolve/unknown-member': 'a member (`x.y`) the value does not have',
  'resolve/unknown-name': 'a name that is not declared',
  'resolve/unknown-option': 'an option that is not declared',
  'resolve/unknown-override-target': 'an `override` of a rule or declaration that does not exist',
  'resolve/unknown-region': 'a board region that is not declared',
  'resolve/unknown-remove-target': 'a `remove` of a rule or declaration that does not exist',
  'resolve/unknown-token': 'a token that is not declared',
  'resolve/unknown-type': 'a type name that does not exist',
  'resolve/unknown-variant': 'a variant that is not declared',
  // ── type ──
  'type/arity': 'a call, event or action given the wrong number of arguments',
  'type/empty-range': 'a card range that makes no card (`number_card(35..3)`)',
  'type/bad-player-range': 'a player range that is empty or reversed (`players 5..2`), or starts below 1',
  'type/index-out-of-range': 'a constant position outside a list written out (`[a, b][3]`), or below 1',
  'type/key-out-of-range': "a constant key outside a map's range (`progress[13]` for keys 2..12)",
  'type/map-key': 'a map key of the wrong type (`progress[gold]` for a map keyed 2..12), or keys that are no range, enum or token group',
  'type/map-needs-key': 'a map var read or set without a key (`p.progress` for `p.progress[c]`)',
  'type/map-scope': 'a map type anywhere but a global or per-player var',
  'type/map-size': 'a map given a list of initial values of another length than its keys',
  'type/mismatch': 'a value of the wrong type (a number where a bool is needed…)',
  'type/no-such-member': 'a member a hex, corner or edge does not have',
  'type/not-assignable': 'a `set` of something that cannot be assigned',
  'type/not-indexable': '`x[i]` on a value that is no list, zone, range or map',
  'type/policy-sees-hidden': "a policy reading what its player may not see (another player's secret value, the cards of a hidden zone or of another's hand)",
  'type/recursive-derive': 'derived values that depend on each other in a cycle',
  'type/secret-scope': 'a `secret` var or pool that has no owner to hide it from the others (per site, per card)',
  'type/unknown-enum-member': 'a value its enumeration does not list',
  'type/wrong-site': 'a piece placed on, or asked about, the wrong kind of site',
  // ── order ──
  'order/cycle': '`before`/`after` constraints that form a cycle',
  'order/different-event': '`before`/`after` naming a rule that fires on another event',
  'order/unknown-target': '`before`/`after` naming no rule',
  // ── flow ──
  'flow/unknown-action': '`until` naming no action',
  'flow/unknown-phase': 'a phase the flow does not declare',
  // ── board ──
  'board/ambiguous-site-name': 'a spot or path name that is also a path or spot name, or another member of a hex (`h.name` could not tell)',
  'board/bad-condition': 'a `spots`/`paths` item whose `when` is not an option and one of its values',
  'board/bad-coordinate': 'a hex coordinate that is not a valid cube or axial coordinate',
  'board/cross-hex-path': 'a path between spots of different hexes',
  'board/dangling-edge': 'an edge piece or path whose end is not on the board',
  'board/duplicate-hex': 'a map that lists a hex twice',
  'board/duplicate-path': 'two paths between the same spots, or a path named twice in a hex',
  'board/duplicate-region': 'a region declared twice',
  'board/duplicate-spot': 'a spot declared twice in a hex',
  'board/empty-board': 'a board without hexes',
  'board/kind-count': 'more or fewer hex kinds than hexes that need one',
  'board/self-loop': 'a path from a spot to itself',
  'board/unknown-hex': 'a region or map naming a hex outside the layout and frame',
  'board/unknown-node': 'a path naming a spot that does not exist',
  'board/unknown-site': 'a hex, corner or edge at literal coordinates that the board does not have',
  'board/value-count': 'more or fewer values than hexes that take one',
  // ── limit ──
  'limit/card-range': 'a card range in a zone (`number_card(1..20000)`) making more cards than the budget',
  'limit/board-size': 'a board beyond the budget: too many hexes, too wide a radius or frame, coordinates too far out',
  'limit/cards': 'more card instances in a game than the budget',
  'limit/diagnostics': 'more diagnostics in one file than are shown; the rest are counted',
  'limit/dice': 'a roll of more dice, or dice of more sides, than the budget',
  'limit/graph-depth': 'a rule graph nested deeper than the budget',
  'limit/graph-size': 'a rule graph with a list longer than the budget',
  'limit/import-chain': 'a chain of `import`/`extends` longer than the budget',
  'limit/map-keys': 'a map with more keys than the budget',
  'limit/number': 'a number in a graph outside the language’s -2^29..2^29-1',
  'limit/players': 'more players than the budget',
  'limit/pool-size': 'a pool count, capacity or piece supply beyond the budget',
  'limit/range-length': 'a range (`a..b`) with more numbers than the budget',
  'limit/source-size': 'a .rules file larger than the budget (nothing is read)',
  // ── lint ──
  'lint/guard-changed-by-earlier-rule': 'two rules on one event whose guards read what the first one changes: both can fire',
  'lint/never-fires': 'a rule whose event is never emitted',
  'lint/unused-binding': 'a `let`, `for`, `reveal`, `pick`, `choose` or rule binding never read (`_x` is exempt)',
  'lint/unused-declaration': 'a declaration nothing uses',
  // ── schema: one code per JSON Schema keyword the rule graph uses ──
  'schema/additional-properties': 'a property the schema does not allow',
  'schema/any-of': 'a value that matches none of the allowed shapes',
  'schema/const': 'a value other than the one the schema fixes',
  'schema/discriminator': 'an unknown or missing node tag (`k`, `s`, `f`, `t`)',
  'schema/enum': 'a value outside the schema’s list',
  'schema/invalid': 'a value the schema refuses for another reason',
  'schema/maximum': 'a number above the schema’s maximum',
  'schema/minimum': 'a number below the schema’s minimum',
  'schema/one-of': 'a value that matches none, or more than one, of the allowed shapes',
  'schema/pattern': 'a string that is not a valid id or name',
  'schema/property-names': 'a property name that is not a valid name',
  'schema/required': 'a required property is missing',
  'schema/type': 'a value of the wrong JSON type',
  // ── compiler ──
  'compiler/internal-error': 'the compiler failed (a bug; please report it)',
  // ── run ──
  'run/bad-network': 'a network or join test over pieces that are not edge pieces',
  'run/bad-option-value': 'an option given a value outside its choices',
  'run/bad-player-count': 'a player count outside the scenario’s range',
  'run/bad-trail': 'a longest trail over pieces that are not edge pieces',
  'run/board-option': 'a game given another value of an option its loaded board was built for (load the graph with the option)',
  'run/capacity-exceeded': 'a move of tokens beyond a pool’s capacity',
  'run/conservation': 'tokens appeared or vanished (with invariant checks on)',
  'run/division-by-zero': 'a division or remainder by zero',
  'run/empty-supply': 'a piece placed from an empty supply',
  'run/game-over': 'a move after the game ended',
  'run/illegal-move': 'a move no pending decision allows',
  'run/index-out-of-range': 'a list read at a position it does not have',
  'run/insufficient-tokens': 'a move of more tokens than a pool holds',
  'run/internal-error': 'the engine failed on a graph (a bug; please report it)',
  'run/invariant': 'a declared invariant stopped holding',
  'run/key-out-of-range': 'a map read or set at a key it does not have',
  'run/move-limit': 'a game not over after the budget of decisions; says where the flow is',
  'run/negative-amount': 'a move of a negative number of tokens',
  'run/no-options': 'a question with no legal answer, skipped (warning)',
  'run/no-pending-decision': 'a move while no decision is pending for that seat',
  'run/no-such-owner': 'a per-player value read for a player that does not exist',
  'run/no-such-player': 'a question asked of a player that does not exist',
  'run/no-such-site': 'a hex, corner or edge that does not exist, or of the wrong kind',
  'run/no-such-token': 'a token value its pool does not hold',
  'run/piece-conservation': 'pieces appeared or vanished (with invariant checks on)',
  'run/replay-diverged': 'a replayed game that does not match its log',
  'run/script-exhausted': 'a scripted agent with no move left',
  'run/site-occupied': 'a piece placed on an occupied site',
  'run/size-budget': 'a range computed at run time longer than the budget; names the rule',
  'run/stack-missing-card': 'a stacked card that is not left in the zone',
  'run/step-budget': 'rule firings or flow steps without a decision beyond the budget (a loop); names the rules or flow item',
  'run/unknown-function': 'a function the engine does not know (a bad graph)',
  'run/unknown-operator': 'an operator the engine does not know (a bad graph)',
  'run/unknown-option': 'an option the scenario does not declare',
  'run/unknown-policy': 'an agent naming a policy the scenario does not declare',
  'run/unknown-policy-param': 'an agent parameter the policy does not take',
  'run/unknown-reference': 'a reference to something the graph does not declare',
  'run/unsupported': 'a graph using something this engine does not run (several boards)',
  // ── play ──
  'play/bad-log': 'a game log that is too big, not JSON lines, or has no valid header or answers',
  'play/line-full': 'a line of play beyond its budget of steps',
  'play/no-such-line': 'a line of play that does not exist (any more)',
  'play/no-such-option': 'an answer with an option the open decision does not have',
  'play/no-such-session': 'a game that is no longer open in the engine worker',
  'play/not-your-seat': 'a person’s answer for a seat a bot plays',
  'play/replay-diverged': 'a logged answer that is not legal, or a state that differs from the log’s, when a log is replayed',
  'play/unknown-agent': 'a bot naming an agent the scenario does not offer',
  // ── test ──
  'test/asked': 'a seat was asked when the test said it would not be',
  'test/event-count': 'an event happened another number of times than the test said',
  'test/event-missing': 'an expected event did not happen',
  'test/event-unexpected': 'an event happened that the test said would not',
  'test/expectation-failed': 'an `expect` did not hold',
  'test/game-over': 'the game was over when the test said it would go on',
  'test/internal-error': 'the test runner failed (a bug; please report it)',
  'test/move-illegal': 'a move the test said is legal was refused',
  'test/move-legal': 'a move the test said is refused was legal',
  'test/move-refused': 'a move the test made was refused',
  'test/not-asked': 'a seat was not asked (that choice) when the test said it would be',
  'test/not-over': 'the game was not over when the test said it would be',
  'test/run-error': 'a run diagnostic while the test ran (arranging more tokens than a pool holds…)',
  'test/sees': 'a seat saw what the test said is hidden from it, or the reverse',
  'test/setup': 'bad seats or options in a test',
  'test/step-budget': 'a test beyond its step budget',
  'test/wrong-options': 'a seat was asked with other options than the test listed',
  'test/wrong-reason': 'a move was refused, but not by the constraint the test named (`because C`)',
  'test/wrong-winners': 'other winners than the test expected',
  // ── cli ──
  'cli/cannot-read': 'a file or folder the command cannot read',
  'cli/cannot-write': 'an output path the command cannot write (missing folder, a folder, read-only)',
  'cli/internal-error': 'the command failed (a bug; please report it, with the output of `--debug`)',
  'cli/usage': 'a wrong command line: an unknown flag, option, variant or agent, a missing file',
  'cli/malformed-log': 'a game log that is not the JSON lines `simulate --log` writes',
  'cli/malformed-partial': 'a partial summary that is not the file `simulate --shard` writes (not JSON, another format version, fields out of range, counts that do not add up)',
  'cli/partials-disagree': 'partial summaries that are not the shards of one run: another scenario, seed or setting, a shard twice or one missing',
  // ── diff ──
  'diff/budget-exhausted': 'the witness search ran out of time before it found a divergence (info)',
  'diff/cannot-start': 'a game of one side could not start with these players and options',
  'diff/no-common-player-count': 'no number of players suits both scenarios',
  'diff/schema-version': 'two rule graphs of different schema versions',
  'diff/unrelated-scenarios': 'two scenarios that share no declaration by name',
} as const satisfies Record<`${DiagnosticNamespace}/${string}`, string>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** Whether `code` is a registered diagnostic code. */
export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.prototype.hasOwnProperty.call(DIAGNOSTIC_CODES, code);
}

/** The one-line description of a registered code. */
export function describeDiagnosticCode(code: DiagnosticCode): string {
  return DIAGNOSTIC_CODES[code];
}
