export { sampleGraph } from './sample-graph.ts';
