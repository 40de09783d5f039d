// Style sheets are imported for their effect; vite bundles them.
declare module '*.css';
