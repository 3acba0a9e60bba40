import type { Agent } from './agent.ts';

/** Always the first legal option. */
export function firstLegalAgent(): Agent {
  return { name: 'first-legal', choose: () => 0 };
}
