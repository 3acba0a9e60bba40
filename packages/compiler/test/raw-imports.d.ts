// Vite/vitest `?raw` imports: the file's text (keeps the tests free of Node APIs).
declare module '*?raw' {
  const text: string;
  export default text;
}
