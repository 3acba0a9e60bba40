import { LLkLookaheadStrategy, type ILookaheadStrategy, type IOrAlt, type OptionalProductionType, type Rule } from 'chevrotain';

type AlternationOptions = Parameters<ILookaheadStrategy['buildLookaheadForAlternation']>[0];
type OptionalOptions = Parameters<ILookaheadStrategy['buildLookaheadForOptional']>[0];
type AlternationLookahead = (this: unknown, orAlts?: IOrAlt<unknown>[]) => number | undefined;
type OptionalLookahead = (this: unknown) => boolean;

/**
 * chevrotain's own LL(k) lookahead, each function built the first time the
 * parser reaches its production instead of all of them when the parser is made.
 * Working out the lookahead paths of the whole grammar was most of a command's
 * start-up (`houserules simulate` spent about half its time to the first game
 * there); a file uses only part of the grammar, and each production's function
 * is the one chevrotain would have built, so the parser decides the same way.
 * The grammar's checks (ambiguity, left recursion) run when the parser is made
 * with validations (`createRulesParser({ validate: true })`, a test does).
 */
export class LazyLookahead implements ILookaheadStrategy {
  private readonly eager: InstanceType<typeof LLkLookaheadStrategy>;

  constructor(maxLookahead: number) {
    this.eager = new LLkLookaheadStrategy({ maxLookahead });
  }

  validate(options: { rules: Rule[]; tokenTypes: never[]; grammarName: string }): ReturnType<ILookaheadStrategy['validate']> {
    return this.eager.validate(options);
  }

  buildLookaheadForAlternation(options: AlternationOptions): AlternationLookahead {
    const eager = this.eager;
    let built: AlternationLookahead | null = null;
    return function (this: unknown, orAlts?: IOrAlt<unknown>[]): number | undefined {
      built ??= eager.buildLookaheadForAlternation(options) as AlternationLookahead;
      return built.call(this, orAlts);
    };
  }

  buildLookaheadForOptional(options: OptionalOptions & { prodType: OptionalProductionType }): OptionalLookahead {
    const eager = this.eager;
    let built: OptionalLookahead | null = null;
    return function (this: unknown): boolean {
      built ??= eager.buildLookaheadForOptional(options) as OptionalLookahead;
      return built.call(this);
    };
  }
}
