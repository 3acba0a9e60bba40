declare module 'virtual:houserules/scenarios' {
  const files: { path: string; text: string; kind: 'scenario' | 'rulebook' }[];
  export default files;
}
