/**
 * The flow machine's stack is one flat array of frames, FRAME_WIDTH words each
 * (so snapshots copy and the state hash mixes it as it is). A frame's words:
 */
export const FRAME_WIDTH = 6;
/** the flow node the frame runs (index into `LoadedGraph.flow`) */
export const FRAME_NODE = 0;
/** the next item of the node's body */
export const FRAME_PC = 1;
/**
 * rounds and turns: 0 before a period, 1 in its body, 2 once its closing event is queued;
 * repeat: 1 inside an iteration; actions: 1 once its `until` action was taken
 */
export const FRAME_STAGE = 2;
/** rounds: the rounds begun; turns: the turns taken in this pass */
export const FRAME_COUNT = 3;
/** turns: the seat whose turn it is */
export const FRAME_SEAT = 4;
/** if: 1 when the else branch runs */
export const FRAME_BRANCH = 5;
/** turns (the word `if` frames use for their branch): the seat the turns start at */
export const FRAME_FIRST = 5;

/** flow node kinds (`FlowInfo.kind`) */
export const FLOW_SEQ = 0;
export const FLOW_STEP = 1;
export const FLOW_ROUNDS = 2;
export const FLOW_TURNS = 3;
export const FLOW_PHASE = 4;
export const FLOW_REPEAT = 5;
export const FLOW_ACTIONS = 6;
export const FLOW_IF = 7;

/** what an `end round|turn|phase` statement ends once the queue has drained (`Game.endScope`) */
export const END_NONE = 0;
export const END_ROUND = 1;
export const END_TURN = 2;
export const END_PHASE = 3;

/** the active phases are a bit set in one 32-bit integer (more phases: the flow is searched instead) */
export const MAX_PHASE_BITS = 31;
