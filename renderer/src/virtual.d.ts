// Modules made by vite.config.ts at build time.
declare module 'virtual:app-state-schema' {
  const schema: import('./lib/json-check').JsonSchema;
  export default schema;
}
