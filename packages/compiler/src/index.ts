export { compile, compileTests, check, compileSource, type CompileOptions } from './compile.ts';
export type { CompiledTest, TestStep } from './lower-tests.ts';
export { createMemoryHost, findModuleInTree, normalizePath, type HostRefusal, type ModuleHost } from './module-host.ts';
export { loadModules, moduleName, type LoadedModule, type ParseFn } from './module-loader.ts';
export { createParseCache, type ParseCache } from './parse-cache.ts';
export { editDistance, nearNames, didYouMean } from './suggest-name.ts';
export { MAX_IMPORT_CHAIN } from './budgets.ts';
