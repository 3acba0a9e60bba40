export * from './ast.ts';
export { parse } from './parse.ts';
