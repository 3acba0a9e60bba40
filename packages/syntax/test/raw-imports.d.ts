// Vite/vitest `?raw` imports: the file's text (keeps the tests free of Node APIs).
declare module '*?raw' {
  const text: string;
  export default text;
}

// Vite's `import.meta.glob` of `?raw` texts, eagerly: path → text.
interface ImportMeta {
  glob(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
}
