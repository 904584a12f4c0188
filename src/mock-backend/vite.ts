export { askAiBackend, type AskAiBackendPluginOptions } from './vite-plugin';
