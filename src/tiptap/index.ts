/**
 * `ask-ai-dialog/tiptap`: Ask AI as a Tiptap 3 extension (`@tiptap/core` and `@tiptap/pm` are optional
 * peers), the third editor on the editor seam (`attachEditor`) beside the plain fields and CKEditor 5.
 */
export { AskAi, tiptapAdapter, type AskAiApplyOptions, type AskAiOptions, type AskAiStorage } from './ask-ai';
