// Vite bundles the stylesheet imported for its side effect; TypeScript only needs to know the import is fine.
declare module '*/message-bar.css';
