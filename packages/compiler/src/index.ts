export { compile, check, compileSource, type CompileOptions } from './compile.ts';
export { createMemoryHost, findModuleInTree, normalizePath, type ModuleHost } from './module-host.ts';
export { loadModules, moduleName, type LoadedModule, type ParseFn } from './module-loader.ts';
export { editDistance, nearNames, didYouMean } from './suggest-name.ts';
