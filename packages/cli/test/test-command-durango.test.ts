import { describe } from 'vitest';
import { testShippedScenario } from './shipped-scenario-tests.ts';

describe('houserules test, the shipped scenarios', () => testShippedScenario('durango'));
