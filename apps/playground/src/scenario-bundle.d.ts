declare module 'virtual:houserules/scenarios' {
  const files: { path: string; text: string; kind: 'scenario' | 'rulebook' }[];
  export default files;
}

declare module 'virtual:houserules/first-answers' {
  import type { FirstAnswerSet } from './engine-worker/first-answers.ts';
  const answers: FirstAnswerSet;
  export default answers;
}
