// Modules the bundler understands (CSS rules, asset modules) that TypeScript does not.
declare module '*.css';
declare module '*.png' { const url: string; export default url; }
declare module '*.jpg' { const url: string; export default url; }
declare module '*.jpeg' { const url: string; export default url; }
declare module '*.svg' { const url: string; export default url; }
declare module '*.webp' { const url: string; export default url; }
declare module '*.gif' { const url: string; export default url; }
declare module '*.mp4' { const url: string; export default url; }
// A translation file's address in the build (tools/rspack/create-app-config.mjs, translationFileRule).
declare module '*.json?url' { const url: string; export default url; }
