/**
 * The grammar of docs/grammar.md as one chevrotain CstParser, built once, the
 * first time a file is parsed (`rulesParser()`): a command that parses nothing
 * (a scenario from the compile cache, `merge`) never pays for chevrotain's
 * grammar recording. `parse.ts` swaps its `input` for every chunk of a file.
 *
 * Labels (`LABEL.from`) name the roles of children so that the CST→AST
 * pass does not depend on child order.
 */

import {
  CstParser,
  type IOrAlt,
  type IParserErrorMessageProvider,
  type IToken,
  type OrMethodOpts,
  type TokenType,
} from 'chevrotain';
import {
  allTokens,
  BinaryOp,
  Colon,
  Comma,
  Dice,
  Dot,
  DotDot,
  Equals,
  Integer,
  kw,
  LBracket,
  LCurly,
  LParen,
  Minus,
  Name,
  PrefixOp,
  Pipe,
  RBracket,
  RCurly,
  RParen,
  soft,
  StringLiteral,
} from './tokens.ts';
import { installCstRecording } from './cst-recording.ts';
import { LazyLookahead } from './lazy-lookahead.ts';

const All = kw.all;

/**
 * One options object per label, shared by every call: a literal `{ LABEL: … }`
 * at each CONSUME or SUBRULE was a fresh allocation per parsed token or node.
 */
const LABEL = {
  action: { LABEL: 'action' },
  aggregate: { LABEL: 'aggregate' },
  aggregateValue: { LABEL: 'aggregateValue' },
  aggregateBy: { LABEL: 'aggregateBy' },
  total: { LABEL: 'total' },
  later: { LABEL: 'later' },
  laterArgs: { LABEL: 'laterArgs' },
  endName: { LABEL: 'endName' },
  sortOrder: { LABEL: 'sortOrder' },
  all: { LABEL: 'all' },
  amount: { LABEL: 'amount' },
  at: { LABEL: 'at' },
  because: { LABEL: 'because' },
  binding: { LABEL: 'binding' },
  body: { LABEL: 'body' },
  by: { LABEL: 'by' },
  callee: { LABEL: 'callee' },
  capacity: { LABEL: 'capacity' },
  card: { LABEL: 'card' },
  collection: { LABEL: 'collection' },
  condition: { LABEL: 'condition' },
  count: { LABEL: 'count' },
  default: { LABEL: 'default' },
  defaultOnly: { LABEL: 'defaultOnly' },
  direction: { LABEL: 'direction' },
  doc: { LABEL: 'doc' },
  domain: { LABEL: 'domain' },
  during: { LABEL: 'during' },
  element: { LABEL: 'element' },
  else: { LABEL: 'else' },
  elseIf: { LABEL: 'elseIf' },
  endOf: { LABEL: 'endOf' },
  event: { LABEL: 'event' },
  face: { LABEL: 'face' },
  from: { LABEL: 'from' },
  group: { LABEL: 'group' },
  initial: { LABEL: 'initial' },
  inner: { LABEL: 'inner' },
  index: { LABEL: 'index' },
  indexClose: { LABEL: 'indexClose' },
  indexOpen: { LABEL: 'indexOpen' },
  key: { LABEL: 'key' },
  keyFrom: { LABEL: 'keyFrom' },
  keyTo: { LABEL: 'keyTo' },
  keyName: { LABEL: 'keyName' },
  looker: { LABEL: 'looker' },
  secret: { LABEL: 'secret' },
  shown: { LABEL: 'shown' },
  keyword: { LABEL: 'keyword' },
  kind: { LABEL: 'kind' },
  kinds: { LABEL: 'kinds' },
  limit: { LABEL: 'limit' },
  mapClose: { LABEL: 'mapClose' },
  mapOpen: { LABEL: 'mapOpen' },
  max: { LABEL: 'max' },
  members: { LABEL: 'members' },
  min: { LABEL: 'min' },
  mode: { LABEL: 'mode' },
  name: { LABEL: 'name' },
  names: { LABEL: 'names' },
  ops: { LABEL: 'ops' },
  order: { LABEL: 'order' },
  ownTurn: { LABEL: 'ownTurn' },
  owner: { LABEL: 'owner' },
  piece: { LABEL: 'piece' },
  player: { LABEL: 'player' },
  position: { LABEL: 'position' },
  prefix: { LABEL: 'prefix' },
  q: { LABEL: 'q' },
  r: { LABEL: 'r' },
  radius: { LABEL: 'radius' },
  reason: { LABEL: 'reason' },
  relation: { LABEL: 'relation' },
  scope: { LABEL: 'scope' },
  seat: { LABEL: 'seat' },
  site: { LABEL: 'site' },
  source: { LABEL: 'source' },
  supply: { LABEL: 'supply' },
  target: { LABEL: 'target' },
  then: { LABEL: 'then' },
  otherwise: { LABEL: 'otherwise' },
  ties: { LABEL: 'ties' },
  title: { LABEL: 'title' },
  to: { LABEL: 'to' },
  token: { LABEL: 'token' },
  until: { LABEL: 'until' },
  value: { LABEL: 'value' },
  visibility: { LABEL: 'visibility' },
  weight: { LABEL: 'weight' },
  when: { LABEL: 'when' },
  where: { LABEL: 'where' },
  while: { LABEL: 'while' },
  width: { LABEL: 'width' },
  winners: { LABEL: 'winners' },
  zone: { LABEL: 'zone' },
} as const;


/** chevrotain's messages carry only what was expected (token labels, `|`-separated); parse.ts writes the sentence. */
const terseMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected }) => labelOf(expected),
  buildNotAllInputParsedMessage: () => 'redundant input',
  buildNoViableAltMessage: ({ expectedPathsPerAlt }) =>
    [...new Set(expectedPathsPerAlt.flatMap((paths) => paths.map((path) => (path[0] ? labelOf(path[0]) : ''))))]
      .filter((s) => s !== '')
      .join('|'),
  buildEarlyExitMessage: ({ expectedIterationPaths }) =>
    [...new Set(expectedIterationPaths.map((path) => (path[0] ? labelOf(path[0]) : '')))].filter((s) => s !== '').join('|'),
};

function labelOf(type: TokenType): string {
  return type.LABEL ?? type.name;
}

/** Words that start a test step, and the words after a seat that make one: an optional trailing name is not one of them. */
const STEP_WORDS = new Set(['players', 'seed', 'arrange', 'advance', 'fix', 'play', 'expect', 'options']);
const MOVE_WORDS = new Set(['chooses', 'does']);

/** tokens of lookahead the grammar needs at most */
const MAX_LOOKAHEAD = 3;

export class RulesParser extends CstParser {
  /**
   * Each OR's alternatives, built on first use and reused: allocating them on
   * every rule invocation made the garbage collector the parser's main cost.
   * (Declared before the rules so it exists when self-analysis records them.)
   */
  private readonly alternatives: (IOrAlt<unknown>[] | OrMethodOpts<unknown>)[] = [];
  /** Likewise the bodies of MANY and OPTION in the rules that run most (expressions, blocks). */
  private readonly bodies: (() => void)[] = [];

  /**
   * `validate`: run chevrotain's grammar checks; `lazy`: build each production's
   * lookahead on first use (LazyLookahead). The parser every command uses is lazy
   * and unchecked; a test checks the grammar and compares with an eager parser.
   */
  constructor(validate = false, lazy = true) {
    super(allTokens, {
      recoveryEnabled: true,
      maxLookahead: MAX_LOOKAHEAD,
      ...(lazy ? { lookaheadStrategy: new LazyLookahead(MAX_LOOKAHEAD) } : {}),
      skipValidations: !validate,
      nodeLocationTracking: 'full',
      errorMessageProvider: terseMessages,
    });
    installCstRecording(this);
    this.performSelfAnalysis();
  }

  // ───────────────────────────── module structure ─────────────────────────────

  public chunk = this.RULE('chunk', () => {
    this.OPTION(() => this.SUBRULE(this.moduleHeader));
    this.MANY(() => this.SUBRULE(this.item));
  });

  public moduleHeader = this.RULE('moduleHeader', () => {
    this.CONSUME(kw.module);
    this.SUBRULE(this.qname);
    this.OPTION(() => {
      this.CONSUME(kw.extends);
      this.SUBRULE(this.moduleRef);
    });
  });

  public moduleRef = this.RULE('moduleRef', () => {
    this.OR(this.alternatives[0] ??= [{ ALT: () => this.CONSUME(StringLiteral) }, { ALT: () => this.SUBRULE(this.qname) }]);
  });

  public qname = this.RULE('qname', () => {
    this.CONSUME(Name);
    this.MANY(() => {
      this.CONSUME(Dot);
      this.CONSUME2(Name);
    });
  });

  public item = this.RULE('item', () => {
    this.OR(this.alternatives[1] ??= [
      { ALT: () => this.SUBRULE(this.importDecl) },
      { ALT: () => this.SUBRULE(this.scenarioDecl) },
      { ALT: () => this.SUBRULE(this.optionDecl) },
      { ALT: () => this.SUBRULE(this.tokenDecl) },
      { ALT: () => this.SUBRULE(this.poolDecl) },
      { ALT: () => this.SUBRULE(this.varDecl) },
      { ALT: () => this.SUBRULE(this.perPlayerBlock) },
      { ALT: () => this.SUBRULE(this.cardDecl) },
      { ALT: () => this.SUBRULE(this.zoneDecl) },
      { ALT: () => this.SUBRULE(this.pieceDecl) },
      { ALT: () => this.SUBRULE(this.boardDecl) },
      { ALT: () => this.SUBRULE(this.eventDecl) },
      { ALT: () => this.SUBRULE(this.deriveDecl) },
      { ALT: () => this.SUBRULE(this.constDecl) },
      { ALT: () => this.SUBRULE(this.flowDecl) },
      { ALT: () => this.SUBRULE(this.ruleDecl) },
      { ALT: () => this.SUBRULE(this.actionDecl) },
      { ALT: () => this.SUBRULE(this.constraintDecl) },
      { ALT: () => this.SUBRULE(this.endDecl) },
      { ALT: () => this.SUBRULE(this.rankingDecl) },
      { ALT: () => this.SUBRULE(this.invariantDecl) },
      { ALT: () => this.SUBRULE(this.policyDecl) },
      { ALT: () => this.SUBRULE(this.variantDecl) },
      { ALT: () => this.SUBRULE(this.overrideDecl) },
      { ALT: () => this.SUBRULE(this.removeDecl) },
      { ALT: () => this.SUBRULE(this.testDecl) },
    ]);
  });

  public importDecl = this.RULE('importDecl', () => {
    this.CONSUME(kw.import);
    this.SUBRULE(this.moduleRef);
  });

  public scenarioDecl = this.RULE('scenarioDecl', () => {
    this.CONSUME(kw.scenario);
    this.CONSUME(StringLiteral, LABEL.title);
    this.CONSUME(LCurly);
    this.MANY(() => {
      this.OR(this.alternatives[2] ??= [
        {
          ALT: () => {
            this.CONSUME(soft.source);
            this.CONSUME2(StringLiteral, LABEL.source);
          },
        },
        {
          ALT: () => {
            this.CONSUME(soft.players);
            this.CONSUME(Integer, LABEL.min);
            this.CONSUME(DotDot);
            this.CONSUME2(Integer, LABEL.max);
          },
        },
      ]);
    });
    this.CONSUME(RCurly);
  });

  // ───────────────────────────── declarations ─────────────────────────────

  public optionDecl = this.RULE('optionDecl', () => {
    this.CONSUME(kw.option);
    this.CONSUME(Name, LABEL.name);
    this.OR(this.alternatives[3] ??= [
      {
        ALT: () => {
          this.CONSUME(Colon);
          this.SUBRULE(this.typeRef);
          this.CONSUME(Equals);
          this.SUBRULE(this.expr, LABEL.value);
          this.OPTION(() => this.CONSUME(StringLiteral, LABEL.doc));
          this.OPTION2(() => this.SUBRULE(this.cite));
        },
      },
      {
        ALT: () => {
          this.CONSUME2(Equals, LABEL.defaultOnly);
          this.SUBRULE2(this.expr, LABEL.value);
        },
      },
    ]);
  });

  public cite = this.RULE('cite', () => {
    this.CONSUME(kw.cite);
    this.CONSUME(StringLiteral);
  });

  public tokenDecl = this.RULE('tokenDecl', () => {
    this.OR(this.alternatives[4] ??= [
      {
        ALT: () => {
          this.CONSUME(kw.token);
          this.SUBRULE(this.nameList, LABEL.names);
        },
      },
      {
        ALT: () => {
          this.CONSUME(kw.tokens);
          this.CONSUME(Name, LABEL.group);
          this.CONSUME(Equals);
          this.SUBRULE2(this.nameList, LABEL.names);
        },
      },
    ]);
  });

  public nameList = this.RULE('nameList', () => {
    this.CONSUME(Name);
    this.MANY(() => {
      this.CONSUME(Comma);
      this.CONSUME2(Name);
    });
  });

  public poolDecl = this.RULE('poolDecl', () => {
    this.OPTION9(() => this.CONSUME(soft.secret, LABEL.secret));
    this.CONSUME(kw.pool);
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(LCurly);
    this.OPTION(() => {
      this.SUBRULE(this.poolEntry);
      this.MANY(() => {
        this.CONSUME(Comma);
        this.SUBRULE2(this.poolEntry);
      });
    });
    this.CONSUME(RCurly);
  });

  public poolEntry = this.RULE('poolEntry', () => {
    this.CONSUME(Name, LABEL.token);
    this.OPTION(() => {
      this.CONSUME(Colon);
      this.OR(this.alternatives[5] ??= {
        IGNORE_AMBIGUITIES: true,
        DEF: [
          { ALT: () => this.CONSUME(soft.unlimited) },
          { ALT: () => this.SUBRULE(this.expr, LABEL.initial) },
        ],
      });
    });
    this.OPTION2(() => {
      this.CONSUME(soft.max);
      this.SUBRULE2(this.expr, LABEL.capacity);
    });
  });

  public varDecl = this.RULE('varDecl', () => {
    this.OPTION(() => this.CONSUME(soft.secret, LABEL.secret));
    this.CONSUME(kw.var);
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(Colon);
    this.SUBRULE(this.typeRef);
    this.CONSUME(Equals);
    this.SUBRULE(this.expr, LABEL.value);
  });

  /** `per player { … }`; `per hex|corner|edge { var … }` (the CST→AST pass keeps only vars there) */
  public perPlayerBlock = this.RULE('perPlayerBlock', () => {
    this.CONSUME(kw.per);
    this.OR2(this.alternatives[50] ??= [
      { ALT: () => this.CONSUME(soft.player, LABEL.scope) },
      { ALT: () => this.CONSUME(soft.hex, LABEL.scope) },
      { ALT: () => this.CONSUME(soft.corner, LABEL.scope) },
      { ALT: () => this.CONSUME(soft.edge, LABEL.scope) },
    ]);
    this.CONSUME(LCurly);
    this.MANY(() => {
      this.OR(this.alternatives[6] ??= [
        { ALT: () => this.SUBRULE(this.poolDecl) },
        { ALT: () => this.SUBRULE(this.varDecl) },
        { ALT: () => this.SUBRULE(this.zoneDecl) },
        { ALT: () => this.SUBRULE(this.deriveDecl) },
      ]);
    });
    this.CONSUME(RCurly);
  });

  public cardDecl = this.RULE('cardDecl', () => {
    this.CONSUME(kw.card);
    this.CONSUME(Name, LABEL.name);
    this.OPTION(() => {
      this.CONSUME(LCurly);
      this.OPTION2(() => {
        this.SUBRULE(this.cardMember);
        this.MANY(() => {
          this.CONSUME(Comma);
          this.SUBRULE2(this.cardMember);
        });
      });
      this.CONSUME(RCurly);
    });
  });

  public cardMember = this.RULE('cardMember', () => {
    this.OR(this.alternatives[7] ??= [
      { ALT: () => this.SUBRULE(this.poolDecl) },
      // a per-card var: `card tile { colour: colour, var hinted: bool = false }`
      { ALT: () => this.SUBRULE(this.varDecl) },
      {
        ALT: () => {
          this.CONSUME(Name, LABEL.name);
          this.CONSUME(Colon);
          this.SUBRULE(this.typeRef);
        },
      },
    ]);
  });

  public zoneDecl = this.RULE('zoneDecl', () => {
    this.CONSUME(kw.zone);
    this.CONSUME(Name, LABEL.name);
    // a family of zones, one per key: `zone row[1..5]: public`
    this.OPTION3(() => {
      this.CONSUME(LBracket);
      this.CONSUME(Integer, LABEL.keyFrom);
      this.CONSUME(DotDot);
      this.CONSUME2(Integer, LABEL.keyTo);
      this.CONSUME(RBracket);
    });
    this.CONSUME(Colon);
    this.OR(this.alternatives[8] ??= [
      { ALT: () => this.CONSUME(soft.hidden, LABEL.visibility) },
      { ALT: () => this.CONSUME(soft.public, LABEL.visibility) },
      { ALT: () => this.CONSUME(soft.owner, LABEL.visibility) },
      { ALT: () => this.CONSUME(soft.others, LABEL.visibility) },
    ]);
    this.OPTION(() => {
      this.CONSUME(LCurly);
      this.OPTION2(() => this.SUBRULE(this.cardSpecList));
      this.CONSUME(RCurly);
    });
  });

  public cardSpecList = this.RULE('cardSpecList', () => {
    this.SUBRULE(this.cardSpec);
    this.MANY(() => {
      this.CONSUME(Comma);
      this.SUBRULE2(this.cardSpec);
    });
  });

  public cardSpec = this.RULE('cardSpec', () => {
    this.OPTION(() => {
      this.CONSUME(Integer, LABEL.count);
      this.CONSUME(kw.of);
    });
    this.CONSUME(Name, LABEL.kind);
    this.OPTION2(() => {
      this.CONSUME(LParen);
      this.OPTION3(() => {
        this.SUBRULE(this.argument);
        this.MANY(() => {
          this.CONSUME(Comma);
          this.SUBRULE2(this.argument);
        });
      });
      this.CONSUME(RParen);
    });
  });

  public argument = this.RULE('argument', () => {
    this.OPTION(() => {
      this.CONSUME(Name, LABEL.name);
      this.CONSUME(Colon);
    });
    this.SUBRULE(this.expr, LABEL.value);
  });

  public pieceDecl = this.RULE('pieceDecl', () => {
    this.CONSUME(kw.piece);
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(kw.on);
    this.OR(this.alternatives[9] ??= [
      { ALT: () => this.CONSUME(soft.corner, LABEL.site) },
      { ALT: () => this.CONSUME(soft.edge, LABEL.site) },
      { ALT: () => this.CONSUME(soft.hex, LABEL.site) },
    ]);
    this.CONSUME(Comma);
    this.SUBRULE(this.expr, LABEL.supply);
    this.OPTION(() => {
      this.CONSUME(kw.per);
      this.CONSUME(soft.player);
    });
  });

  public boardDecl = this.RULE('boardDecl', () => {
    this.CONSUME(kw.board);
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(Colon);
    this.CONSUME(soft.hex);
    this.OR(this.alternatives[10] ??= [
      {
        ALT: () => {
          this.CONSUME(soft.radius);
          this.CONSUME(Integer, LABEL.radius);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.map);
          this.CONSUME(LCurly, LABEL.mapOpen);
          this.MANY(() => this.SUBRULE(this.hexEntry));
          this.CONSUME(RCurly, LABEL.mapClose);
        },
      },
    ]);
    this.OPTION(() => {
      this.CONSUME2(LCurly);
      this.MANY2(() => this.SUBRULE(this.boardItem));
      this.CONSUME2(RCurly);
    });
  });

  public hexEntry = this.RULE('hexEntry', () => {
    this.SUBRULE(this.hexCoord);
    this.OPTION(() => this.CONSUME(Name, LABEL.kind));
    this.OPTION2(() => this.CONSUME(Integer, LABEL.value));
  });

  public hexCoord = this.RULE('hexCoord', () => {
    this.CONSUME(LParen);
    this.SUBRULE(this.signedInt, LABEL.q);
    this.CONSUME(Comma);
    this.SUBRULE2(this.signedInt, LABEL.r);
    this.CONSUME(RParen);
  });

  public signedInt = this.RULE('signedInt', () => {
    this.OPTION(() => this.CONSUME(Minus));
    this.CONSUME(Integer);
  });

  public boardItem = this.RULE('boardItem', () => {
    this.OR(this.alternatives[11] ??= [
      {
        ALT: () => {
          this.CONSUME(soft.kinds, LABEL.key);
          this.OPTION(() => this.CONSUME(soft.shuffled));
          this.CONSUME(LBracket);
          this.OPTION2(() => this.SUBRULE(this.cardSpecList));
          this.CONSUME(RBracket);
          this.OPTION3(() => this.SUBRULE(this.boardExcept));
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.values, LABEL.key);
          this.OPTION4(() => this.CONSUME2(soft.shuffled));
          this.CONSUME2(LBracket);
          this.OPTION5(() => this.SUBRULE(this.exprList));
          this.CONSUME2(RBracket);
          this.OPTION6(() => this.SUBRULE2(this.boardExcept));
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.region, LABEL.key);
          this.CONSUME(Name, LABEL.name);
          this.CONSUME(Equals);
          this.CONSUME3(LBracket);
          this.MANY(() => {
            this.SUBRULE(this.hexCoord);
            this.OPTION7(() => this.CONSUME(Comma));
          });
          this.CONSUME3(RBracket);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.frame, LABEL.key);
          this.CONSUME(Integer, LABEL.width);
          this.CONSUME2(Name, LABEL.name);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.spots, LABEL.key);
          this.SUBRULE2(this.hexCoord);
          this.SUBRULE(this.nameList);
          this.OPTION8(() => {
            this.CONSUME(kw.when);
            this.SUBRULE(this.expr);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.paths, LABEL.key);
          this.SUBRULE3(this.hexCoord);
          this.SUBRULE(this.boardPath);
          this.MANY2(() => {
            this.CONSUME2(Comma);
            this.SUBRULE2(this.boardPath);
          });
          this.OPTION9(() => {
            this.CONSUME2(kw.when);
            this.SUBRULE2(this.expr);
          });
        },
      },
    ]);
  });

  /** `trail: corner 0 to station` */
  public boardPath = this.RULE('boardPath', () => {
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(Colon);
    this.SUBRULE(this.pathEnd);
    this.CONSUME(soft.to);
    this.SUBRULE2(this.pathEnd);
  });

  /** `corner INT` or a spot's name */
  public pathEnd = this.RULE('pathEnd', () => {
    this.OR(this.alternatives[52] ??= [
      {
        ALT: () => {
          this.CONSUME(soft.corner);
          this.CONSUME(Integer);
        },
      },
      { ALT: () => this.CONSUME(Name, LABEL.name) },
    ]);
  });

  public boardExcept = this.RULE('boardExcept', () => {
    this.CONSUME(soft.except);
    this.SUBRULE(this.nameList);
  });

  public eventDecl = this.RULE('eventDecl', () => {
    this.CONSUME(kw.event);
    this.CONSUME(Name, LABEL.name);
    this.OPTION(() => {
      this.CONSUME(LParen);
      this.OPTION2(() => this.SUBRULE(this.params));
      this.CONSUME(RParen);
    });
  });

  public params = this.RULE('params', () => {
    this.SUBRULE(this.param);
    this.MANY(() => {
      this.CONSUME(Comma);
      this.SUBRULE2(this.param);
    });
  });

  public param = this.RULE('param', () => {
    this.OR(this.alternatives[12] ??= [
      { ALT: () => this.CONSUME(Name, LABEL.name) },
      { ALT: () => this.CONSUME(kw.card, LABEL.name) },
    ]);
    this.OR2(this.alternatives[13] ??= [
      {
        ALT: () => {
          this.CONSUME(Colon);
          this.SUBRULE(this.typeRef);
        },
      },
      {
        ALT: () => {
          this.CONSUME(kw.in);
          this.SUBRULE(this.expr, LABEL.domain);
        },
      },
    ]);
    this.OPTION(() => {
      this.CONSUME(Equals);
      this.SUBRULE2(this.expr, LABEL.default);
    });
  });

  public deriveDecl = this.RULE('deriveDecl', () => {
    this.CONSUME(kw.derive);
    this.CONSUME(Name, LABEL.name);
    this.OPTION(() => {
      this.CONSUME(LParen);
      this.OPTION2(() => this.SUBRULE(this.params));
      this.CONSUME(RParen);
    });
    this.OPTION3(() => {
      this.CONSUME(Colon);
      this.SUBRULE(this.typeRef);
    });
    this.CONSUME(Equals);
    this.SUBRULE(this.expr, LABEL.value);
    this.OPTION4(() => this.SUBRULE(this.cite));
  });

  /** `const colours = [red, yellow, green]`: a named constant (a list, a range, a value) */
  public constDecl = this.RULE('constDecl', () => {
    this.CONSUME(soft.const);
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(Equals);
    this.SUBRULE(this.expr, LABEL.value);
  });

  public typeRef = this.RULE('typeRef', () => {
    this.OR(this.alternatives[14] ??= [
      {
        // `map 2..12 of number`, `map bronze | silver | gold of number`, `map resource of number`
        ALT: () => {
          this.CONSUME(soft.map);
          this.OR2(this.alternatives[56] ??= [
            {
              ALT: () => {
                this.CONSUME(Integer, LABEL.keyFrom);
                this.CONSUME(DotDot);
                this.CONSUME2(Integer, LABEL.keyTo);
              },
            },
            {
              ALT: () => {
                this.CONSUME(Name, LABEL.keyName);
                this.MANY2(() => {
                  this.CONSUME2(Pipe);
                  this.CONSUME2(Name, LABEL.keyName);
                });
              },
            },
          ]);
          this.CONSUME2(kw.of);
          this.SUBRULE3(this.typeRef, LABEL.element);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.list);
          this.CONSUME(kw.of);
          this.SUBRULE(this.typeRef, LABEL.element);
        },
      },
      {
        ALT: () => {
          this.SUBRULE(this.typeName);
          this.MANY(() => {
            this.CONSUME(Pipe);
            this.SUBRULE2(this.typeName);
          });
        },
      },
    ]);
  });

  public typeName = this.RULE('typeName', () => {
    this.OR(this.alternatives[15] ??= [{ ALT: () => this.CONSUME(Name) }, { ALT: () => this.CONSUME(kw.card) }]);
  });

  // ───────────────────────────── flow ─────────────────────────────

  public flowDecl = this.RULE('flowDecl', () => {
    this.CONSUME(kw.flow);
    this.SUBRULE(this.flowBlock);
  });

  public flowBlock = this.RULE('flowBlock', () => {
    this.CONSUME(LCurly);
    this.MANY(() => this.SUBRULE(this.flowItem));
    this.CONSUME(RCurly);
  });

  public flowItem = this.RULE('flowItem', () => {
    this.OR(this.alternatives[16] ??= [
      {
        ALT: () => {
          this.CONSUME(soft.step);
          this.CONSUME(Name, LABEL.name);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.rounds);
          this.OR2(this.alternatives[17] ??= {
            IGNORE_AMBIGUITIES: true,
            DEF: [
              { ALT: () => this.CONSUME(soft.forever) },
              { ALT: () => this.SUBRULE(this.expr, LABEL.count) },
            ],
          });
          this.SUBRULE(this.flowBlock, LABEL.body);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.turns);
          this.OPTION(() => {
            this.CONSUME(kw.in);
            this.OR3(this.alternatives[18] ??= [
              { ALT: () => this.CONSUME(soft.seat, LABEL.order) },
              { ALT: () => this.CONSUME(soft.snake, LABEL.order) },
              { ALT: () => this.CONSUME(soft.reverse, LABEL.order) },
            ]);
            this.CONSUME(soft.order);
          });
          this.OPTION5(() => {
            this.CONSUME(soft.from);
            this.SUBRULE5(this.expr, LABEL.from);
          });
          this.SUBRULE2(this.flowBlock, LABEL.body);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.phase);
          this.CONSUME2(Name, LABEL.name);
          this.SUBRULE3(this.flowBlock, LABEL.body);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.repeat);
          this.OPTION2(() => {
            this.CONSUME(soft.while);
            this.SUBRULE2(this.expr, LABEL.while);
          });
          this.SUBRULE4(this.flowBlock, LABEL.body);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.actions);
          this.CONSUME(soft.by);
          this.SUBRULE3(this.expr, LABEL.by);
          this.OPTION3(() => {
            this.CONSUME(soft.until);
            this.CONSUME3(Name, LABEL.until);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(kw.if);
          this.SUBRULE4(this.expr, LABEL.condition);
          this.SUBRULE5(this.flowBlock, LABEL.then);
          this.OPTION4(() => {
            this.CONSUME(kw.else);
            this.SUBRULE6(this.flowBlock, LABEL.else);
          });
        },
      },
    ]);
  });

  // ───────────────────────────── rules, actions, constraints ─────────────────────────────

  public ruleDecl = this.RULE('ruleDecl', () => {
    this.CONSUME(kw.rule);
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(kw.on);
    this.CONSUME2(Name, LABEL.event);
    this.OPTION(() => this.SUBRULE(this.bindings));
    this.OPTION2(() => {
      this.CONSUME(kw.when);
      this.SUBRULE(this.expr, LABEL.when);
    });
    this.OPTION3(() => {
      this.OR(this.alternatives[19] ??= [
        { ALT: () => this.CONSUME(soft.before, LABEL.relation) },
        { ALT: () => this.CONSUME(soft.after, LABEL.relation) },
      ]);
      this.CONSUME3(Name, LABEL.target);
    });
    this.SUBRULE(this.citedBlock, LABEL.body);
  });

  public bindings = this.RULE('bindings', () => {
    this.CONSUME(LParen);
    this.SUBRULE(this.nameList);
    this.CONSUME(RParen);
  });

  public citedBlock = this.RULE('citedBlock', () => {
    this.CONSUME(LCurly);
    this.OPTION(() => this.SUBRULE(this.cite));
    this.MANY(() => this.SUBRULE(this.statement));
    this.CONSUME(RCurly);
  });

  public actionDecl = this.RULE('actionDecl', () => {
    this.CONSUME(kw.action);
    this.CONSUME(Name, LABEL.name);
    this.OPTION(() => {
      this.CONSUME(LParen);
      this.OPTION2(() => this.SUBRULE(this.params));
      this.CONSUME(RParen);
    });
    this.OPTION3(() => {
      this.CONSUME(soft.by);
      this.SUBRULE(this.expr, LABEL.by);
    });
    this.OPTION4(() => {
      this.CONSUME(soft.during);
      this.CONSUME2(Name, LABEL.during);
    });
    this.OPTION5(() => {
      this.CONSUME(soft.limit);
      this.CONSUME(Integer, LABEL.limit);
      this.CONSUME(kw.per);
      this.CONSUME(soft.turn);
    });
    this.SUBRULE(this.citedBlock, LABEL.body);
  });

  public constraintDecl = this.RULE('constraintDecl', () => {
    this.OR(this.alternatives[20] ??= [
      { ALT: () => this.CONSUME(kw.forbid, LABEL.kind) },
      { ALT: () => this.CONSUME(kw.require, LABEL.kind) },
    ]);
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(kw.on);
    this.CONSUME2(Name, LABEL.action);
    this.OPTION(() => this.SUBRULE(this.bindings));
    this.CONSUME(kw.when);
    this.SUBRULE(this.expr, LABEL.condition);
    this.CONSUME(soft.reason);
    this.CONSUME(StringLiteral, LABEL.reason);
    this.OPTION2(() => this.SUBRULE(this.cite));
  });

  public endDecl = this.RULE('endDecl', () => {
    this.CONSUME(kw.end);
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(kw.when);
    this.SUBRULE(this.expr, LABEL.condition);
    this.OPTION(() => this.SUBRULE(this.timing));
    this.OPTION2(() => {
      this.CONSUME(soft.winners);
      this.SUBRULE2(this.expr, LABEL.winners);
    });
    this.OPTION3(() => this.SUBRULE(this.cite));
  });

  public timing = this.RULE('timing', () => {
    this.OR(this.alternatives[21] ??= [
      { ALT: () => this.CONSUME(soft.immediately) },
      {
        ALT: () => {
          this.CONSUME(soft.during);
          this.CONSUME(soft.own);
          this.CONSUME(soft.turn, LABEL.ownTurn);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.at);
          this.CONSUME(kw.end);
          this.CONSUME(kw.of);
          this.OR2(this.alternatives[22] ??= [
            { ALT: () => this.CONSUME2(soft.turn, LABEL.endOf) },
            { ALT: () => this.CONSUME(soft.round, LABEL.endOf) },
          ]);
        },
      },
    ]);
  });

  public rankingDecl = this.RULE('rankingDecl', () => {
    this.CONSUME(kw.ranking);
    this.CONSUME(Name, LABEL.binding);
    this.CONSUME(soft.by);
    this.SUBRULE(this.rankingKey);
    this.MANY(() => {
      this.CONSUME(kw.then);
      this.SUBRULE2(this.rankingKey);
    });
    this.OPTION(() => {
      this.CONSUME(soft.ties);
      this.OR(this.alternatives[23] ??= [
        { ALT: () => this.CONSUME(soft.shared, LABEL.ties) },
        {
          ALT: () => {
            this.CONSUME2(soft.by);
            this.CONSUME(soft.seat, LABEL.ties);
          },
        },
      ]);
    });
    this.OPTION2(() => this.SUBRULE(this.cite));
  });

  public rankingKey = this.RULE('rankingKey', () => {
    this.SUBRULE(this.expr, LABEL.value);
    this.OPTION(() => {
      this.OR(this.alternatives[24] ??= [
        { ALT: () => this.CONSUME(soft.asc, LABEL.direction) },
        { ALT: () => this.CONSUME(soft.desc, LABEL.direction) },
      ]);
    });
  });

  public invariantDecl = this.RULE('invariantDecl', () => {
    this.CONSUME(kw.invariant);
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(Colon);
    this.SUBRULE(this.expr, LABEL.condition);
    this.OPTION(() => {
      this.CONSUME(soft.reason);
      this.CONSUME(StringLiteral, LABEL.reason);
    });
  });

  public policyDecl = this.RULE('policyDecl', () => {
    this.CONSUME(kw.policy);
    this.CONSUME(Name, LABEL.name);
    this.OPTION(() => {
      this.CONSUME(LParen);
      this.OPTION2(() => this.SUBRULE(this.params));
      this.CONSUME(RParen);
    });
    this.OPTION3(() => this.CONSUME(StringLiteral, LABEL.doc));
    this.CONSUME(LCurly);
    this.MANY(() => this.SUBRULE(this.preference));
    this.CONSUME(RCurly);
  });

  public preference = this.RULE('preference', () => {
    this.CONSUME(soft.prefer);
    this.CONSUME(Name, LABEL.target);
    this.OPTION(() => this.SUBRULE(this.callArgs));
    this.OPTION2(() => {
      this.CONSUME(kw.when);
      this.SUBRULE(this.expr, LABEL.when);
    });
  });

  /** `( [ expr { , expr } ] )` */
  public callArgs = this.RULE('callArgs', () => {
    this.CONSUME(LParen);
    this.OPTION(() => this.SUBRULE(this.exprList));
    this.CONSUME(RParen);
  });

  public exprList = this.RULE('exprList', () => {
    this.SUBRULE(this.expr);
    this.MANY(() => {
      this.CONSUME(Comma);
      this.SUBRULE2(this.expr);
    });
  });

  public variantDecl = this.RULE('variantDecl', () => {
    this.CONSUME(kw.variant);
    this.CONSUME(Name, LABEL.name);
    this.OPTION(() => this.CONSUME(StringLiteral, LABEL.title));
    this.CONSUME(LCurly);
    this.MANY(() => this.SUBRULE(this.item));
    this.CONSUME(RCurly);
  });

  public overrideDecl = this.RULE('overrideDecl', () => {
    this.CONSUME(kw.override);
    this.OR(this.alternatives[25] ??= [
      { ALT: () => this.SUBRULE(this.ruleDecl) },
      { ALT: () => this.SUBRULE(this.actionDecl) },
      { ALT: () => this.SUBRULE(this.constraintDecl) },
      { ALT: () => this.SUBRULE(this.endDecl) },
      { ALT: () => this.SUBRULE(this.deriveDecl) },
      { ALT: () => this.SUBRULE(this.rankingDecl) },
      { ALT: () => this.SUBRULE(this.policyDecl) },
      { ALT: () => this.SUBRULE(this.boardDecl) },
      // declarations: a variant for more players replaces a zone's cards, a card kind, an enum var, a pool…
      { ALT: () => this.SUBRULE(this.zoneDecl) },
      { ALT: () => this.SUBRULE(this.cardDecl) },
      { ALT: () => this.SUBRULE(this.varDecl) },
      { ALT: () => this.SUBRULE(this.poolDecl) },
      { ALT: () => this.SUBRULE(this.pieceDecl) },
      { ALT: () => this.SUBRULE(this.eventDecl) },
      { ALT: () => this.SUBRULE(this.optionDecl) },
      { ALT: () => this.SUBRULE(this.constDecl) },
    ]);
  });

  public removeDecl = this.RULE('removeDecl', () => {
    this.CONSUME(kw.remove);
    this.OR(this.alternatives[26] ??= [
      { ALT: () => this.CONSUME(kw.rule, LABEL.kind) },
      { ALT: () => this.CONSUME(kw.action, LABEL.kind) },
      { ALT: () => this.CONSUME(soft.constraint, LABEL.kind) },
      { ALT: () => this.CONSUME(kw.end, LABEL.kind) },
      { ALT: () => this.CONSUME(kw.invariant, LABEL.kind) },
      { ALT: () => this.CONSUME(kw.policy, LABEL.kind) },
    ]);
    this.CONSUME(Name, LABEL.name);
  });

  // ───────────────────────────── tests ─────────────────────────────

  public testDecl = this.RULE('testDecl', () => {
    this.CONSUME(kw.test);
    this.CONSUME(StringLiteral, LABEL.name);
    this.CONSUME(LCurly);
    this.OPTION(() => this.SUBRULE(this.cite));
    this.MANY(() => this.SUBRULE(this.testItem));
    this.CONSUME(RCurly);
  });

  public testItem = this.RULE('testItem', () => {
    this.OR(this.alternatives[27] ??= {
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(soft.players, LABEL.keyword);
            this.CONSUME(Integer, LABEL.count);
          },
        },
        {
          ALT: () => {
            this.CONSUME(soft.seed, LABEL.keyword);
            this.CONSUME2(Integer, LABEL.count);
          },
        },
        {
          ALT: () => {
            this.CONSUME(kw.variant, LABEL.keyword);
            this.CONSUME(Name, LABEL.name);
          },
        },
        {
          ALT: () => {
            this.CONSUME(kw.option, LABEL.keyword);
            this.CONSUME2(Name, LABEL.name);
            // `option x = v`, or `option x in [a, b]` / `option x in all`: the test runs once per reading
            this.OR2(this.alternatives[53] ??= [
              {
                ALT: () => {
                  this.CONSUME(Equals);
                  this.SUBRULE(this.expr, LABEL.value);
                },
              },
              {
                ALT: () => {
                  this.CONSUME(kw.in);
                  this.OR3(this.alternatives[54] ??= [
                    { ALT: () => this.SUBRULE3(this.expr, LABEL.domain) },
                    { ALT: () => this.CONSUME(kw.all, LABEL.all) },
                  ]);
                },
              },
            ]);
          },
        },
        {
          ALT: () => {
            this.CONSUME(soft.arrange, LABEL.keyword);
            this.SUBRULE(this.block, LABEL.body);
          },
        },
        { ALT: () => this.CONSUME(soft.advance, LABEL.keyword) },
        {
          ALT: () => {
            this.CONSUME(soft.fix, LABEL.keyword);
            this.CONSUME(soft.dice);
            // `fix dice 3, 4` (the faces), or `fix dice to hex(0, -2).value` (the total of the next roll)
            this.OR4(this.alternatives[59] ??= [
              {
                ALT: () => {
                  this.CONSUME3(Integer, LABEL.face);
                  this.MANY2(() => {
                    this.CONSUME2(Comma);
                    this.CONSUME4(Integer, LABEL.face);
                  });
                },
              },
              {
                ALT: () => {
                  this.CONSUME(soft.to);
                  this.SUBRULE4(this.expr, LABEL.total);
                },
              },
            ]);
          },
        },
        {
          ALT: () => {
            this.CONSUME(soft.play, LABEL.keyword);
            this.OPTION(() => {
              this.CONSUME(soft.until);
              this.SUBRULE2(this.expr, LABEL.until);
            });
            this.OPTION2(() => {
              this.CONSUME(soft.with);
              this.SUBRULE(this.agent);
              this.MANY(() => {
                this.CONSUME(Comma);
                this.SUBRULE2(this.agent);
              });
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME(soft.expect, LABEL.keyword);
            this.SUBRULE(this.expectation);
            // `… when COND`: the expectation holds only where COND does (one reading of an option)
            this.OPTION3(() => {
              this.CONSUME(kw.when);
              this.SUBRULE5(this.expr, LABEL.when);
            });
          },
        },
        {
          ALT: () => {
            this.CONSUME3(Name, LABEL.seat);
            this.SUBRULE(this.seatMove);
          },
        },
      ],
    });
  });

  /** `chooses <expr>` or `does <action>[(args)]` */
  public seatMove = this.RULE('seatMove', () => {
    this.OR(this.alternatives[28] ??= [
      {
        ALT: () => {
          this.CONSUME(soft.chooses);
          this.SUBRULE(this.expr, LABEL.value);
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.does);
          this.CONSUME(Name, LABEL.action);
          this.OPTION(() => this.SUBRULE(this.callArgs));
        },
      },
    ]);
  });

  public expectation = this.RULE('expectation', () => {
    this.OR(this.alternatives[29] ??= [
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(kw.not));
          this.CONSUME(kw.event);
          this.CONSUME(Name, LABEL.event);
          this.OPTION2(() => this.SUBRULE(this.callArgs));
          // `N times`: exactly N of them; `this round`: counted over the current round, not since the last move
          this.OPTION5(() => {
            this.CONSUME(Integer, LABEL.count);
            this.CONSUME(soft.times);
          });
          this.OPTION6(() => {
            this.CONSUME(soft.this, LABEL.scope);
            this.CONSUME(soft.round);
          });
          // `before B`: both happened, and the first A before the first B
          this.OPTION8(() => {
            this.CONSUME(soft.before);
            this.CONSUME5(Name, LABEL.later);
            this.OPTION9(() => this.SUBRULE3(this.callArgs, LABEL.laterArgs));
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.illegal, LABEL.mode);
          this.CONSUME2(Name, LABEL.seat);
          this.SUBRULE(this.seatMove);
          this.OPTION3(() => {
            this.CONSUME(soft.because);
            this.CONSUME3(Name, LABEL.because);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.legal, LABEL.mode);
          this.CONSUME4(Name, LABEL.seat);
          this.SUBRULE2(this.seatMove);
        },
      },
      {
        ALT: () => {
          this.OPTION7(() => this.CONSUME2(kw.not));
          this.CONSUME(soft.game);
          this.CONSUME(soft.over);
          // `by ten_points`: the end condition that ended it
          this.option(10, () => {
            this.CONSUME(soft.by);
            this.CONSUME6(Name, LABEL.endName);
          });
          this.OPTION4(() => {
            this.CONSUME(soft.winners);
            this.SUBRULE(this.expr, LABEL.winners);
          });
        },
      },
      { ALT: () => this.SUBRULE(this.seatExpectation) },
      { ALT: () => this.SUBRULE2(this.expr, LABEL.condition) },
    ]);
  });

  /** `[not] p1 asked [plan] [options [exit, continue]]` (what a seat is being asked) or `[not] p2 sees p1.hand` (what it can see) */
  public seatExpectation = this.RULE('seatExpectation', () => {
    this.OPTION(() => this.CONSUME(kw.not));
    this.CONSUME(Name, LABEL.seat);
    this.OR(this.alternatives[55] ??= [
      {
        ALT: () => {
          this.CONSUME(soft.asked, LABEL.keyword);
          // the choice's name, unless the next word starts the next test step (`expect p1 asked` then `p1 chooses x`)
          this.OPTION2({ GATE: () => !STEP_WORDS.has(this.LA(1).image) && !MOVE_WORDS.has(this.LA(2).image), DEF: () => this.CONSUME2(Name, LABEL.name) });
          this.OPTION3(() => {
            this.CONSUME(soft.options);
            this.SUBRULE(this.expr, LABEL.domain);
          });
        },
      },
      {
        ALT: () => {
          this.CONSUME(soft.sees, LABEL.keyword);
          this.SUBRULE2(this.expr, LABEL.target);
        },
      },
    ]);
  });

  public agent = this.RULE('agent', () => {
    this.CONSUME(Name);
    this.OPTION(() => this.SUBRULE(this.callArgs));
  });

  // ───────────────────────────── statements ─────────────────────────────

  public block = this.RULE('block', () => {
    this.CONSUME(LCurly);
    this.MANY(this.bodies[4] ??= () => this.SUBRULE(this.statement));
    this.CONSUME(RCurly);
  });

  public statement = this.RULE('statement', () => {
    this.OR(this.alternatives[30] ??= [
      { ALT: () => this.SUBRULE(this.moveStmt) },
      { ALT: () => this.SUBRULE(this.setStmt) },
      { GATE: () => this.LA(3).tokenType === Equals, ALT: () => this.SUBRULE(this.letStmt) },
      { ALT: () => this.SUBRULE(this.lookStmt) },
      { ALT: () => this.SUBRULE(this.showStmt) },
      { ALT: () => this.SUBRULE(this.ifStmt) },
      { ALT: () => this.SUBRULE(this.forStmt) },
      { ALT: () => this.SUBRULE(this.emitStmt) },
      { ALT: () => this.SUBRULE(this.shuffleStmt) },
      { ALT: () => this.SUBRULE(this.revealStmt) },
      { ALT: () => this.SUBRULE(this.rollStmt) },
      { ALT: () => this.SUBRULE(this.pickStmt) },
      { ALT: () => this.SUBRULE(this.askStmt) },
      { ALT: () => this.SUBRULE(this.endStmt) },
      { ALT: () => this.SUBRULE(this.placeStmt) },
      { ALT: () => this.SUBRULE(this.stackStmt) },
      { ALT: () => this.SUBRULE(this.removePieceStmt) },
    ]);
  });

  public moveStmt = this.RULE('moveStmt', () => {
    this.CONSUME(kw.move);
    this.OR(this.alternatives[31] ??= {
      IGNORE_AMBIGUITIES: true,
      DEF: [
        {
          ALT: () => {
            this.CONSUME(kw.card);
            this.SUBRULE(this.expr, LABEL.card);
            this.CONSUME(soft.to);
            this.SUBRULE2(this.expr, LABEL.to);
            this.OPTION(() => {
              this.OR2(this.alternatives[32] ??= [
                { ALT: () => this.CONSUME(soft.top, LABEL.position) },
                { ALT: () => this.CONSUME(soft.bottom, LABEL.position) },
              ]);
            });
          },
        },
        {
          GATE: () => this.LA(2).tokenType === soft.from,
          ALT: () => {
            this.CONSUME(soft.cards);
            this.CONSUME(soft.from);
            this.SUBRULE3(this.expr, LABEL.from);
            this.CONSUME2(soft.to);
            this.SUBRULE4(this.expr, LABEL.to);
          },
        },
        {
          ALT: () => {
            // `move all gem from …` versus an amount that starts with the aggregate `all(…)`.
            this.OR3(this.alternatives[33] ??= {
              IGNORE_AMBIGUITIES: true,
              DEF: [
                { GATE: () => this.LA(2).tokenType !== LParen, ALT: () => this.CONSUME(All, LABEL.all) },
                { ALT: () => this.SUBRULE5(this.expr, LABEL.amount) },
              ],
            });
            this.CONSUME(Name, LABEL.token);
            this.CONSUME2(soft.from);
            this.SUBRULE6(this.expr, LABEL.from);
            this.CONSUME3(soft.to);
            this.SUBRULE7(this.expr, LABEL.to);
          },
        },
      ],
    });
  });

  public setStmt = this.RULE('setStmt', () => {
    this.CONSUME(kw.set);
    this.SUBRULE(this.expr, LABEL.target);
    this.CONSUME(Equals);
    this.SUBRULE2(this.expr, LABEL.value);
  });

  public letStmt = this.RULE('letStmt', () => {
    this.CONSUME(kw.let);
    this.CONSUME(Name, LABEL.name);
    this.CONSUME(Equals);
    this.SUBRULE(this.expr, LABEL.value);
  });

  /** `let P look at X`: P comes to know the cards of X (the mirror of `show X to P`) */
  public lookStmt = this.RULE('lookStmt', () => {
    this.CONSUME(kw.let);
    this.SUBRULE(this.expr, LABEL.looker);
    this.CONSUME(soft.look);
    this.CONSUME(soft.at);
    this.SUBRULE2(this.expr, LABEL.shown);
  });

  /** `show X to P`: the players P come to know the cards of X (a card, a zone, a list of cards) */
  public showStmt = this.RULE('showStmt', () => {
    this.CONSUME(soft.show);
    this.SUBRULE(this.expr, LABEL.shown);
    this.CONSUME(soft.to);
    this.SUBRULE2(this.expr, LABEL.to);
  });

  public ifStmt = this.RULE('ifStmt', () => {
    this.CONSUME(kw.if);
    this.SUBRULE(this.expr, LABEL.condition);
    this.SUBRULE(this.block, LABEL.then);
    this.OPTION(() => {
      this.CONSUME(kw.else);
      this.OR(this.alternatives[34] ??= [
        { ALT: () => this.SUBRULE2(this.block, LABEL.else) },
        { ALT: () => this.SUBRULE(this.ifStmt, LABEL.elseIf) },
      ]);
    });
  });

  public forStmt = this.RULE('forStmt', () => {
    this.CONSUME(kw.for);
    this.CONSUME(Name, LABEL.binding);
    this.CONSUME(kw.in);
    this.SUBRULE(this.expr, LABEL.collection);
    this.OPTION(() => {
      this.CONSUME(kw.where);
      this.SUBRULE2(this.expr, LABEL.where);
    });
    this.SUBRULE(this.block, LABEL.body);
  });

  public emitStmt = this.RULE('emitStmt', () => {
    this.CONSUME(kw.emit);
    this.CONSUME(Name, LABEL.event);
    this.OPTION(() => this.SUBRULE(this.callArgs));
  });

  public shuffleStmt = this.RULE('shuffleStmt', () => {
    this.CONSUME(kw.shuffle);
    this.SUBRULE(this.expr, LABEL.zone);
  });

  public revealStmt = this.RULE('revealStmt', () => {
    this.OR(this.alternatives[35] ??= [
      { ALT: () => this.CONSUME(kw.reveal, LABEL.mode) },
      { ALT: () => this.CONSUME(kw.draw, LABEL.mode) },
    ]);
    this.CONSUME(soft.top);
    this.CONSUME(kw.of);
    this.SUBRULE(this.expr, LABEL.from);
    this.CONSUME(soft.to);
    this.SUBRULE2(this.expr, LABEL.to);
    this.CONSUME(soft.as);
    this.CONSUME(Name, LABEL.binding);
  });

  public rollStmt = this.RULE('rollStmt', () => {
    this.CONSUME(kw.roll);
    this.CONSUME(Dice);
    this.CONSUME(soft.as);
    this.CONSUME(Name, LABEL.binding);
  });

  public pickStmt = this.RULE('pickStmt', () => {
    this.CONSUME(kw.pick);
    this.CONSUME(soft.random);
    this.CONSUME(Name, LABEL.binding);
    this.CONSUME(kw.in);
    this.SUBRULE(this.expr, LABEL.collection);
    this.OPTION(() => {
      this.CONSUME(kw.where);
      this.SUBRULE2(this.expr, LABEL.where);
    });
    this.OPTION2(() => {
      this.CONSUME(soft.weighted);
      this.CONSUME(soft.by);
      this.SUBRULE3(this.expr, LABEL.weight);
    });
  });

  public askStmt = this.RULE('askStmt', () => {
    this.CONSUME(kw.ask);
    this.OR(this.alternatives[36] ??= [
      { ALT: () => this.SUBRULE(this.askEach) },
      { ALT: () => this.SUBRULE(this.expr, LABEL.player) },
    ]);
    this.CONSUME(soft.to);
    this.CONSUME(kw.choose);
    this.OR2(this.alternatives[37] ??= [
      { ALT: () => this.SUBRULE(this.chooseBinding) },
      { ALT: () => this.SUBRULE2(this.expr, LABEL.target) },
    ]);
    this.OPTION2(() => {
      this.CONSUME(soft.as);
      this.CONSUME(Name, LABEL.name);
    });
    this.OPTION(() => this.CONSUME(kw.secretly));
    this.CONSUME(kw.then);
    this.SUBRULE(this.block, LABEL.then);
    // `otherwise { … }`: what happens when the ask has nobody with a legal option to ask
    this.OPTION3(() => {
      this.CONSUME(soft.otherwise);
      this.SUBRULE2(this.block, LABEL.otherwise);
    });
  });

  public askEach = this.RULE('askEach', () => {
    this.CONSUME(kw.each);
    this.SUBRULE(this.inBinding);
  });

  public chooseBinding = this.RULE('chooseBinding', () => {
    this.SUBRULE(this.inBinding);
  });

  /** `x in <collection> [where <cond>]` */
  public inBinding = this.RULE('inBinding', () => {
    this.CONSUME(Name, LABEL.binding);
    this.CONSUME(kw.in);
    this.SUBRULE(this.expr, LABEL.collection);
    this.OPTION(() => {
      this.CONSUME(kw.where);
      this.SUBRULE2(this.expr, LABEL.where);
    });
  });

  public endStmt = this.RULE('endStmt', () => {
    this.CONSUME(kw.end);
    this.OR(this.alternatives[38] ??= [
      {
        ALT: () => {
          this.CONSUME(soft.game, LABEL.scope);
          this.OPTION(() => {
            this.CONSUME(soft.winners);
            this.SUBRULE(this.expr, LABEL.winners);
          });
        },
      },
      { ALT: () => this.CONSUME(soft.round, LABEL.scope) },
      { ALT: () => this.CONSUME(soft.turn, LABEL.scope) },
      { ALT: () => this.CONSUME(soft.phase, LABEL.scope) },
    ]);
  });

  public placeStmt = this.RULE('placeStmt', () => {
    this.CONSUME(soft.place);
    this.CONSUME(Name, LABEL.piece);
    this.OPTION(() => {
      this.CONSUME(kw.of);
      this.SUBRULE(this.expr, LABEL.owner);
    });
    this.CONSUME(soft.at);
    this.SUBRULE2(this.expr, LABEL.at);
  });

  public removePieceStmt = this.RULE('removePieceStmt', () => {
    this.CONSUME(kw.remove);
    this.CONSUME(kw.piece);
    this.CONSUME(soft.at);
    this.SUBRULE(this.expr, LABEL.at);
  });

  public stackStmt = this.RULE('stackStmt', () => {
    this.CONSUME(soft.stack);
    this.SUBRULE(this.expr, LABEL.zone);
    this.CONSUME(Colon);
    this.SUBRULE(this.cardSpecList);
  });

  // ───────────────────────────── expressions ─────────────────────────────

  /**
   * Operators are parsed flat (`operand { op operand }`) and given their
   * precedence by the CST→AST pass: one CST node per operand instead of one
   * per precedence level keeps parsing fast.
   */
  public expr = this.RULE('expr', () => {
    this.OR(this.alternatives[39] ??= [
      { ALT: () => this.SUBRULE(this.ifExpr) },
      {
        ALT: () => {
          this.SUBRULE(this.operand);
          this.MANY(this.bodies[0] ??= () => {
            this.OR2(this.alternatives[40] ??= [
              {
                ALT: () => {
                  this.CONSUME(kw.is, LABEL.ops);
                  this.CONSUME(Name, LABEL.kinds);
                },
              },
              {
                ALT: () => {
                  this.CONSUME(BinaryOp, LABEL.ops);
                  this.SUBRULE2(this.operand);
                },
              },
            ]);
          });
        },
      },
    ]);
  });

  public ifExpr = this.RULE('ifExpr', () => {
    this.CONSUME(kw.if);
    this.SUBRULE(this.expr, LABEL.condition);
    this.CONSUME(kw.then);
    this.SUBRULE2(this.expr, LABEL.then);
    this.CONSUME(kw.else);
    this.SUBRULE3(this.expr, LABEL.else);
  });

  /** `[not|-]* primary {. name}` — the primary is inlined: operands are the most frequent node. */
  public operand = this.RULE('operand', () => {
    this.MANY(this.bodies[1] ??= () => this.CONSUME(PrefixOp, LABEL.prefix));
    this.OR(this.alternatives[41] ??= [
      { ALT: () => this.CONSUME(Integer) },
      { ALT: () => this.CONSUME(StringLiteral) },
      { ALT: () => this.CONSUME(kw.true) },
      { ALT: () => this.CONSUME(kw.false) },
      {
        ALT: () => {
          this.CONSUME(LParen);
          this.SUBRULE(this.expr, LABEL.inner);
          this.CONSUME(RParen);
        },
      },
      {
        ALT: () => {
          this.CONSUME(LBracket);
          this.OPTION(() => this.SUBRULE(this.exprList));
          this.CONSUME(RBracket);
        },
      },
      {
        ALT: () => {
          this.CONSUME(All, LABEL.callee);
          this.CONSUME2(LParen);
          this.SUBRULE(this.inBinding, LABEL.aggregate);
          this.OPTION2(() => {
            this.CONSUME(Colon);
            this.SUBRULE2(this.expr, LABEL.aggregateValue);
          });
          this.CONSUME2(RParen);
        },
      },
      {
        ALT: () => {
          this.CONSUME(Name, LABEL.callee);
          this.OPTION3(this.bodies[2] ??= () => {
            this.CONSUME3(LParen);
            this.OPTION4(() => {
              this.OR2(this.alternatives[42] ??= [
                {
                  ALT: () => {
                    this.SUBRULE2(this.inBinding, LABEL.aggregate);
                    // `max(c in hand by c.value)`, `sorted(c in row by c.value desc)`
                    this.OPTION6(() => {
                      this.CONSUME(soft.by);
                      this.SUBRULE9(this.expr, LABEL.aggregateBy);
                      this.OPTION7(() => {
                        this.OR5(this.alternatives[58] ??= [
                          { ALT: () => this.CONSUME(soft.asc, LABEL.sortOrder) },
                          { ALT: () => this.CONSUME(soft.desc, LABEL.sortOrder) },
                        ]);
                      });
                    });
                    this.OPTION5(() => {
                      this.CONSUME2(Colon);
                      this.SUBRULE3(this.expr, LABEL.aggregateValue);
                    });
                  },
                },
                { ALT: () => this.SUBRULE2(this.exprList) },
              ]);
            });
            this.CONSUME3(RParen);
          });
        },
      },
    ]);
    // `.member` and `[index]`, in any order (the CST→AST pass orders them by offset)
    this.MANY2(this.bodies[3] ??= () => {
      this.OR4(this.alternatives[57] ??= [
        {
          ALT: () => {
            this.CONSUME(Dot);
            // `piece` is a hard keyword but also a site's member (`c.piece`)
            this.OR3(this.alternatives[51] ??= [
              { ALT: () => this.CONSUME4(Name, LABEL.members) },
              { ALT: () => this.CONSUME(kw.piece, LABEL.members) },
            ]);
          },
        },
        {
          ALT: () => {
            this.CONSUME2(LBracket, LABEL.indexOpen);
            this.SUBRULE4(this.expr, LABEL.index);
            this.CONSUME2(RBracket, LABEL.indexClose);
          },
        },
      ]);
    });
  });
}

let theParser: RulesParser | undefined;

/** The one parser instance (grammar analysis runs once, on the first call; each production's lookahead on first use). */
export function rulesParser(): RulesParser {
  return (theParser ??= new RulesParser());
}

/**
 * A parser of its own (for tests): chevrotain's grammar checks when `validate`
 * (it throws on a defect of the grammar), every lookahead built at once when `lazy` is false.
 */
export function createRulesParser(options: { validate: boolean; lazy: boolean }): RulesParser {
  return new RulesParser(options.validate, options.lazy);
}

export type { IToken };
